import { registerTexts } from '../../lib/texts';
import en from '../../locales/en/activity-logs.json';
import pl from '../../locales/pl/activity-logs.json';

registerTexts('activity-logs', { en, pl });
