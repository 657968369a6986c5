// The public surface of features/users: what other features, the panels, the router and the shell use.

export { defaultUserLocale, useLocaleOptions } from './locale-options';
export { logInAs } from './log-in-as';
export { LogInAsButton } from './log-in-as-button';
export { LogInAsOrganisation } from './log-in-as-organisation';
export { OrganisationUsersSection } from './organisation-users-section';
export { UserPage } from './user-page';
export { UsersPage } from './users-page';
