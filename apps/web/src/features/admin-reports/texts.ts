import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/admin-reports.json';
import pl from '../../locales/pl/admin-reports.json';

/** The admin's generated reports page. */
registerTexts('admin-reports', { en, pl });
