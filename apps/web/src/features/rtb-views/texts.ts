import { registerTexts } from '../../lib/i18n';
import en from '../../locales/en/rtb-views.json';
import pl from '../../locales/pl/rtb-views.json';

// The integration status texts travel with whatever shows a status (the advertiser panel, the agency's overview).
registerTexts('rtb-views', { en, pl });
