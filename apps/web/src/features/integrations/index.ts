// The public surface of features/integrations: what other features, the panels, the router and the shell use.

import './texts';

export { IntegrationsPage } from './integrations-page';
