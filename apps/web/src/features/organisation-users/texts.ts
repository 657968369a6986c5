import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/organisation-users.json';
import pl from '../../locales/pl/organisation-users.json';

/** The organisation users' texts: every panel manages them (admins, agencies, advertisers). */
registerTexts('organisation-users', { en, pl });
