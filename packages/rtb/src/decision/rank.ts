import type { MatchedCandidate } from './candidates';

/**
 * Best first: highest price in a common currency (the base currency, so bids in different
 * currencies compare); equal prices in a random order drawn from `random()` (0..1), so that no
 * campaign or creative starves behind another of the same price.
 */
export function rankCandidates<C extends MatchedCandidate>(
  candidates: readonly C[],
  random: () => number,
): C[] {
  return candidates
    .map((candidate) => ({ candidate, tie: random() }))
    .sort((a, b) => b.candidate.rankValue - a.candidate.rankValue || a.tie - b.tie)
    .map(({ candidate }) => candidate);
}
