// The public surface of features/support: what other features, the panels, the router and the shell use.

export { AdminSupportPage } from './admin-support-page';
export { SupportPage } from './support-page';
