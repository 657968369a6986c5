// The public surface of features/organisation-users: what other features, the panels, the router and the shell use.
export { defaultUserLocale, useLocaleOptions } from './locale-options';
export { LogInAsOrganisation } from './log-in-as-organisation';
export { OrganisationUserPage } from './organisation-user-page';
export { OrganisationUsersSection } from './organisation-users-section';
export { TeamUsersPage } from './team-users-page';
