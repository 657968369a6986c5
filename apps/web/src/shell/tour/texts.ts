import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/tour.json';
import pl from '../../locales/pl/tour.json';

// The tour's texts travel with the panels that have a tour, not with the login pages.
registerTexts('tour', { en, pl });
