import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/banners.json';
import pl from '../../locales/pl/banners.json';

/** The creatives' texts: the advertiser's page and the admin's review share them. */
registerTexts('banners', { en, pl });
