// The public surface of features/home: what other features, the panels, the router and the shell use.
export { HomePage } from './home-page';
