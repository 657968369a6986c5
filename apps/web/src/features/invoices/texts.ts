import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/invoices.json';
import pl from '../../locales/pl/invoices.json';

/** The invoices' texts: their list, PDF preview and sending by e-mail (every panel). */
registerTexts('invoices', { en, pl });
