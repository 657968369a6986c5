import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/users.json';
import pl from '../../locales/pl/users.json';

/**
 * The users' texts: every panel manages users (admins, agencies, advertisers). A text that reads
 * differently for one kind or panel has a variant by i18next context (`lead_admin`,
 * `newTitle_agency`...), given in both languages even where only one of them differs.
 */
registerTexts('users', { en, pl });
