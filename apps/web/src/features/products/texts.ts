import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/products.json';
import pl from '../../locales/pl/products.json';

/** The Products tab's texts: the feed, its imports and rejected rows, the product browser. */
registerTexts('products', { en, pl });
