import { i18n } from '../../lib/i18n';
import en from '../../locales/en/support.json';
import pl from '../../locales/pl/support.json';

/** The support texts serve all three panels, so they travel with this feature. */
function addBundles() {
  i18n.addResourceBundle('en', 'support', en, true, false);
  i18n.addResourceBundle('pl', 'support', pl, true, false);
}

if (i18n.isInitialized) addBundles();
else i18n.on('initialized', addBundles);
