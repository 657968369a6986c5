import { registerTexts } from '../../lib/texts';
import en from '../../locales/en/organisations.json';
import pl from '../../locales/pl/organisations.json';

registerTexts('organisations', { en, pl });
