// The public surface of features/external-apis: what other features, the panels, the router and the shell use.
export { ExternalApisLog } from './external-apis-log';
