// The public surface of features/roles: what other features, the panels, the router and the shell use.
export { RolesTab } from './roles-tab';
