import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/tags.json';
import pl from '../../locales/pl/tags.json';

/** The integrations page's Tags tab: install instructions, status and the live debugger. */
registerTexts('tags', { en, pl });
