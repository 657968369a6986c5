import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/activity-logs.json';
import pl from '../../locales/pl/activity-logs.json';

/** The activity logs' texts: the admin panel's log and the organisations' own. */
registerTexts('activity-logs', { en, pl });
