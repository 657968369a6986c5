import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/agency-reporting.json';
import pl from '../../locales/pl/agency-reporting.json';

/** The agency's reporting page. */
registerTexts('agency-reporting', { en, pl });
