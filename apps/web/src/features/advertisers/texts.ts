import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/advertisers.json';
import pl from '../../locales/pl/advertisers.json';

/** The advertisers' texts: the admin panel's pages and the advertiser's own profile. */
registerTexts('advertisers', { en, pl });
