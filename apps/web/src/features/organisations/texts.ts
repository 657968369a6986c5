import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/organisations.json';
import pl from '../../locales/pl/organisations.json';

/** The texts of what the admins' pages and the organisations' own pages share. */
registerTexts('organisations', { en, pl });
