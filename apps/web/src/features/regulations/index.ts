// The public surface of features/regulations: what other features, the panels, the router and the shell use.

export { RegulationGate, regulationGate, useRegulationGatePending } from './regulation-gate';
export { RegulationPage } from './regulation-page';
export { RegulationsTab } from './regulations-tab';
export { TermsPage } from './terms-page';
