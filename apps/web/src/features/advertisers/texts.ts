import { registerTexts } from '../../lib/texts';
import en from '../../locales/en/advertisers.json';
import pl from '../../locales/pl/advertisers.json';

registerTexts('advertisers', { en, pl });
