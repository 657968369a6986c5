// The public surface of features/audiences: what other features, the panels, the router and the shell use.

export { audiencesPath, useAudienceChoices, useSaveAudience } from './audiences-api';
export { AudiencesTab } from './audiences-tab';
