// The public surface of features/demo-traffic: what other features, the panels, the router and the shell use.

export { DemoTrafficBanner } from './demo-traffic-banner';
