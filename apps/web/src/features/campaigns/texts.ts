import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/campaigns.json';
import pl from '../../locales/pl/campaigns.json';

/** The campaigns' texts: the advertiser's pages and the admin's section on an advertiser's page. */
registerTexts('campaigns', { en, pl });
