import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/users.json';
import pl from '../../locales/pl/users.json';

/** The organisation users' texts: every panel manages them (admins, agencies, advertisers). */
registerTexts('users', { en, pl });
