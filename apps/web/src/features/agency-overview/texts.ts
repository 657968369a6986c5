import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/agency-overview.json';
import pl from '../../locales/pl/agency-overview.json';

/** The agency's overview of its clients. */
registerTexts('agency-overview', { en, pl });
