// The public surface of features/notifications: what other features, the panels, the router and the shell use.
export { NotificationsPage } from './notifications-page';
