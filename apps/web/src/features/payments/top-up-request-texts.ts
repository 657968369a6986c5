import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/top-up-requests.json';
import pl from '../../locales/pl/top-up-requests.json';

/** Top-up requests, the admin's manual operations and credit limits (the money rules' texts are the payments namespace's). */
registerTexts('top-up-requests', { en, pl });
