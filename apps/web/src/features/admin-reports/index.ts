// The public surface of features/admin-reports: what other features, the panels, the router and the shell use.

export { AdminReportsPage } from './admin-reports-page';
