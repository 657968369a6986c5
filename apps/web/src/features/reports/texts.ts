import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/reports.json';
import pl from '../../locales/pl/reports.json';

/** The advertiser's reports page. */
registerTexts('reports', { en, pl });
