// The public surface of features/demo-traffic: what other features, the panels, the router and the shell use.

import './texts';

export { DemoTrafficBanner } from './demo-traffic-banner';
