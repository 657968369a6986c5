import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/demo-traffic.json';
import pl from '../../locales/pl/demo-traffic.json';

// The demo traffic banner's texts travel with the admin panel.
registerTexts('demo-traffic', { en, pl });
