export type { CampaignGoal, ImpressionPredictions } from './goal';
export * from './goal-bid';
export * from './prior-predictions';
export * from './thompson';
