// The public surface of features/rtb-views: what other features, the panels, the router and the shell use.

export { IntegrationAreas } from './integration-areas';
export { IntegrationStatus } from './integration-status';
export { StatusBadge } from './status-badge';
export { areaMessage } from './status-texts';
