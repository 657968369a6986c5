import { addNamespace } from '../../lib/i18n';
import en from '../../locales/en/regulations.json';
import pl from '../../locales/pl/regulations.json';

// The regulations texts serve the public terms pages and every panel, so they travel with this
// feature (the public page is imported before i18next is set up).
addNamespace('regulations', { en, pl });
