export type { CampaignGoal, ImpressionPredictions } from './goal';
export * from './goal-bid';
export * from './thompson';
