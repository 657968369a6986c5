// The public surface of features/admin-users: what other features, the panels, the router and the shell use.
export { AdminUserPage } from './admin-user-page';
export { AdminUsersPage } from './admin-users-page';
