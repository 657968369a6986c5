// The public surface of features/integrations: what other features, the panels, the router and the shell use.

export { IntegrationsPage } from './integrations-page';
