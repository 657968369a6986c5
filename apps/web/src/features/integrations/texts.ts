import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/integrations.json';
import pl from '../../locales/pl/integrations.json';

/** The integrations page's frame: its lead and tab names (each tab registers its own texts). */
registerTexts('integrations', { en, pl });
