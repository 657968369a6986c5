import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/performance.json';
import pl from '../../locales/pl/performance.json';

/** The performance views' texts: the advertiser's home and a campaign's performance tab. */
registerTexts('performance', { en, pl });
