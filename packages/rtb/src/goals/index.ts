export type { CampaignGoal, ImpressionPredictions, OutcomeGoal } from './goal';
export * from './goal-bid';
export * from './prior-predictions';
export * from './thompson';
export * from './outcome-ceiling';
export * from './outcome-candidate';
