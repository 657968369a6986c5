import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/payments.json';
import pl from '../../locales/pl/payments.json';

/** The payments pages' texts (the three panels'). */
registerTexts('payments', { en, pl });
