// The public surface of features/me: what other features, the panels, the router and the shell use.
export { MePage } from './me-page';
