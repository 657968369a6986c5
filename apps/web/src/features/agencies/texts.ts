import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/agencies.json';
import pl from '../../locales/pl/agencies.json';

/** The agencies' texts: the admin panel's pages and the agency's own profile. */
registerTexts('agencies', { en, pl });
