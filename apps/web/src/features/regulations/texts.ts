import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/regulations.json';
import pl from '../../locales/pl/regulations.json';

/**
 * The regulations texts serve the public terms pages and every panel, so they travel with
 * this feature: added once i18next is set up (the public page is imported before that).
 */
registerTexts('regulations', { en, pl });
