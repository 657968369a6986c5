import { addTextBundles } from '../../lib/i18n';
import enOrganisationUsers from '../../locales/en/organisation-users.json';
import plOrganisationUsers from '../../locales/pl/organisation-users.json';

/** The advertiser panel's texts travel with its chunk, not with the login pages. */
addTextBundles({
  en: { 'organisation-users': enOrganisationUsers },
  pl: { 'organisation-users': plOrganisationUsers },
});
