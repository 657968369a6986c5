import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/retargeting-setup.json';
import pl from '../../locales/pl/retargeting-setup.json';

/** The integrations page's retargeting set-up: its five steps and the install instructions. */
registerTexts('retargeting-setup', { en, pl });
