import type { CampaignOutcome } from '../types';
import type { ImpressionPredictions } from './goal';
import { PRIOR_WEIGHT } from './prior-predictions';
import { sampleBeta } from './random-variates';

/**
 * A campaign's priors with its click probability drawn from its Beta posterior (Thompson
 * sampling) rather than taken at its mean: the posterior is the prior's rate worth
 * `PRIOR_WEIGHT.impressions` impressions plus the campaign's own (`evidenceImpressions`), whose
 * mean `priorPredictions` gives. A new campaign's draws spread wide, so it tries dearer and
 * cheaper impressions alike and learns which pay; with its own history they narrow to its rate.
 * Budgets and pacing still bound what it spends, and the draw its highest bid.
 */
export function exploredPredictions(outcome: CampaignOutcome, random: () => number): ImpressionPredictions {
  const { priors, evidenceImpressions } = outcome;
  const mean = priors.clickProbability;
  if (!(mean > 0 && mean < 1)) return priors;
  const strength = Math.max(0, evidenceImpressions) + PRIOR_WEIGHT.impressions;
  return { ...priors, clickProbability: sampleBeta(mean * strength, (1 - mean) * strength, random) };
}
