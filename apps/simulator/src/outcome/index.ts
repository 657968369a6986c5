export { formatOutcomes } from './outcome-report';
export type { CampaignOutcome, OutcomeSummary, WithoutAdsOutcome } from './outcome-tally';
export type {
  AdChoice,
  Competition,
  ContextFeatures,
  ImpressionTruth,
  OpportunityTruth,
  OutcomeBehaviour,
  OutcomeOpportunity,
  OutcomeRates,
  OutcomeWorldOptions,
  Recency,
  UserTraits,
} from './types';
export type { VisitorResponse } from './visitor-response';
export { createOutcomeWorld, defaultOutcomeRates, type OutcomeWorld, type ServedImpression } from './world';
