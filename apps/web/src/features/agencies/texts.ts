import { registerTexts } from '../../lib/texts';
import en from '../../locales/en/agencies.json';
import pl from '../../locales/pl/agencies.json';

registerTexts('agencies', { en, pl });
