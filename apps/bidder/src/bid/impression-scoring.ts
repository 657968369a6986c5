import type { ImpressionBidContext } from '@rtb/delivery';
import {
  type BidRequestFacts,
  type CampaignInput,
  exploredPredictions,
  FEATURE_COUNT,
  type ImpFacts,
  type ImpressionFeatures,
  type ImpressionPredictions,
  type ImpressionScores,
  impressionFeaturesOf,
  type MatchedCandidate,
  outcomeCandidate,
  type PublishedModels,
  predictionsOf,
  scoreImpression,
  type VisitorProfiles,
  visitorAudienceId,
} from '@rtb/rtb';

/** What the models made of a candidate's impression. */
export interface ScoredImpression {
  features: ImpressionFeatures;
  scores: ImpressionScores;
}

/** What scoring an imp's candidates needs: the models in use, the request and the visitor. */
export interface ImpressionScoring {
  models: PublishedModels;
  request: BidRequestFacts;
  imp: ImpFacts;
  profiles: VisitorProfiles;
  now: Date;
  /** The share of its value a paced outcome goal bids now (`PacingBook.priceShare`). */
  priceShare: (campaign: CampaignInput) => number;
  /** The draws of an outcome goal's exploration (`exploredPredictions`). */
  random: () => number;
}

// One bidder scores one impression at a time: the hashed indices need no array of their own.
const scratch = new Int32Array(FEATURE_COUNT);

/** The candidate's impression as the models see it (its creative, campaign and the visitor), scored. */
export function scoreCandidate(scoring: ImpressionScoring, candidate: MatchedCandidate): ScoredImpression {
  const { campaign, banner } = candidate;
  const now = scoring.now.getTime();
  const profile = scoring.profiles.get(campaign.advertiserId);
  const viewedAt = profile?.lastViewItemAt ?? 0;
  const features = impressionFeaturesOf({
    request: scoring.request,
    imp: scoring.imp,
    creative: banner,
    campaignId: campaign.id,
    audienceId: visitorAudienceId(campaign.includeAudiences, profile, now),
    lastProductViewAgeSeconds: viewedAt > 0 ? Math.max(0, Math.floor((now - viewedAt) / 1000)) : null,
    now: scoring.now,
  });
  return { features, scores: scoreImpression(scoring.models, features, scratch) };
}

/**
 * The imp's candidates at their prices for this impression: an outcome goal's at what the
 * impression is worth to it (its scores, else its priors: `outcomeCandidate`), left out under
 * the floor; the others as matched. The scores made on the way are kept for the bid's record.
 */
export function priceForImpression(
  scoring: ImpressionScoring,
  candidates: readonly MatchedCandidate[],
  scored: Map<MatchedCandidate, ScoredImpression>,
): MatchedCandidate[] {
  const priced: MatchedCandidate[] = [];
  for (const candidate of candidates) {
    const { outcome } = candidate.campaign;
    if (outcome === null) {
      priced.push(candidate);
      continue;
    }
    const impression = scoreCandidate(scoring, candidate);
    // Without a click model, a draw from the campaign's posterior: it explores while its history is thin.
    const priors =
      impression.scores.clickProbability === null
        ? exploredPredictions(outcome, scoring.random)
        : outcome.priors;
    const repriced = outcomeCandidate(
      candidate,
      predictionsOf(impression.scores, priors),
      scoring.priceShare(candidate.campaign),
    );
    if (repriced === null) continue;
    scored.set(repriced, impression);
    priced.push(repriced);
  }
  return priced;
}

/** Four significant digits: the record of a probability, not its arithmetic. */
const rounded = (probability: number | null) =>
  probability === null ? null : Number(probability.toPrecision(4));

/**
 * The bid's record of what the bidder knew and predicted (`delivery_events.bid_context`), in its
 * auction, with its full price when shaded. The predictions are those it priced with: the
 * models', else an outcome goal's priors (the versions say which: null for priors); a max-CPM
 * campaign's without a model are none.
 */
export function bidContextOf(
  { features, scores }: ScoredImpression,
  auction: { auctionType: 1 | 2; unshadedMicros: number | null },
  priors: ImpressionPredictions | null,
): ImpressionBidContext {
  return {
    w: features.width,
    h: features.height,
    os: features.os,
    hr: features.localHour,
    aud: features.audienceId,
    age: features.lastProductViewAgeSeconds,
    pos: features.adPosition,
    pc: rounded(scores.clickProbability ?? priors?.clickProbability ?? null),
    pv: rounded(scores.conversionProbability ?? priors?.conversionProbability ?? null),
    mc: scores.clickVersion,
    mv: scores.conversionVersion,
    at: auction.auctionType,
    ub: auction.unshadedMicros,
  };
}
