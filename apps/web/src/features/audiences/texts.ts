import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/audiences.json';
import pl from '../../locales/pl/audiences.json';

/** The audiences' texts: the integrations page's tab and the campaign form's audience pickers. */
registerTexts('audiences', { en, pl });
