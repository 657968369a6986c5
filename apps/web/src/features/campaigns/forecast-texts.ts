import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/forecast.json';
import pl from '../../locales/pl/forecast.json';

/** The campaign forecast panel's texts. */
registerTexts('forecast', { en, pl });
