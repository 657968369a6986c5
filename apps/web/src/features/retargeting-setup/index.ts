// The public surface of features/retargeting-setup: what other features, the panels, the router and the shell use.

export { InstallInstructions } from './install-instructions';
export { RetargetingSetupTab } from './retargeting-setup-tab';
