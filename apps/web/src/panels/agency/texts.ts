import { addTextBundles } from '../../lib/i18n';
import enAdvertisers from '../../locales/en/advertisers.json';
import enAgencies from '../../locales/en/agencies.json';
import enOrganisationUsers from '../../locales/en/organisation-users.json';
import plAdvertisers from '../../locales/pl/advertisers.json';
import plAgencies from '../../locales/pl/agencies.json';
import plOrganisationUsers from '../../locales/pl/organisation-users.json';

/** The agency panel's texts travel with its chunk, not with the login pages. */
addTextBundles({
  en: { advertisers: enAdvertisers, agencies: enAgencies, 'organisation-users': enOrganisationUsers },
  pl: { advertisers: plAdvertisers, agencies: plAgencies, 'organisation-users': plOrganisationUsers },
});
