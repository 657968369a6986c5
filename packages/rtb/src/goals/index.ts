export * from './explored-predictions';
export type { CampaignGoal, ImpressionPredictions, OutcomeGoal } from './goal';
export * from './goal-bid';
export * from './outcome-candidate';
export * from './outcome-ceiling';
export * from './prior-predictions';
export * from './thompson';
