import type { DeliveryEventInput } from '@rtb/delivery';
import type { CampaignIndex, NoBidReason } from '@rtb/rtb';
import { parseBidRequest } from '@rtb/rtb';
import type { FastifyBaseLogger } from 'fastify';
import type { ProfileStore } from '../audiences/profile-store';
import type { BidTokens } from '../bid-token';
import type { BudgetStore } from '../budget/budget-store';
import type { BidderConfig } from '../config';
import type { LiveIndex } from '../index/live-index';
import type { BidderMetrics } from '../metrics/bidder-metrics';
import type { ModelBook } from '../models/model-book';
import type { ProductCatalogue } from '../products/product-catalogue';
import type { WinCurveBook } from '../shading/win-curve-book';
import type { BidCounts } from './bid-counts';
import { bidResponseJson } from './bid-response';
import { type Decision, decideBids, noBidAtOnce } from './decide';
import type { PacingBook } from './pacing-book';
import { readBidBody } from './read-body';
import type { RequestSampler } from './request-sampler';

export interface BidRouteContext {
  /** Whether the process is draining (SIGTERM): it bids no more. */
  draining: () => boolean;
  /** Whether spend can be recorded (the events' commits succeed): without it, no bid. */
  recording: () => boolean;
  metrics: BidderMetrics;
  bidCounts: BidCounts;
  /** Keeps 1 in N valid requests for the campaign forecast (in memory; written in batches). */
  sampler: RequestSampler;
  live: LiveIndex<CampaignIndex>;
  store: BudgetStore;
  profiles: ProfileStore;
  catalogue: ProductCatalogue;
  pacing: PacingBook;
  /** The prediction models in use, kept fresh. */
  modelBook: ModelBook;
  /** The first-price segments' win curves, kept fresh. */
  winCurves: WinCurveBook;
  /** Records a lift test's exposure or ghost, not awaited. */
  recordLiftEvent: (event: DeliveryEventInput) => void;
  tokens: BidTokens;
  config: BidderConfig;
  log: FastifyBaseLogger;
  now: () => Date;
  random: () => number;
}

/** What the bid endpoint answers: a bid (200, the OpenRTB response's JSON), no bid (204) or a refusal (400). */
export type BidAnswer =
  | { status: 200; json: string }
  | { status: 204; reason: NoBidReason }
  | { status: 400; reason: string; message: string };

/** Time kept back from `tmax` for the answer to travel back to the exchange. */
const NETWORK_MARGIN_MS = 20;
/** How long a decision may take when the exchange does not say (`tmax` absent). */
const DEFAULT_DECISION_MS = 100;

/** A refusal, counted (`rtb_bid_requests_total`). */
export function refusal(metrics: BidderMetrics, reason: string, message: string): BidAnswer {
  metrics.bidRequests.inc({ outcome: 'invalid', reason });
  return { status: 400, reason, message };
}

/** No bid, counted. */
export function noBid(metrics: BidderMetrics, reason: NoBidReason): BidAnswer {
  metrics.bidRequests.inc({ outcome: 'no_bid', reason });
  return { status: 204, reason };
}

/**
 * The answer to one bid request's body (DESIGN.md section 6): validated by `parseBidRequest`
 * (400 with the reason), a request no campaign could bid on at its sizes, floors and
 * currencies answered at once (`noBidAtOnce`),
 * the others decided within `tmax` (a decision that would arrive late answers 204
 * `timeout` at the deadline and gives back what it reserved), nothing for us a 204 with the
 * reason; so is a request while the process drains (`draining`) or while spend cannot be
 * recorded (`cannot_record`). `started` is when the request came (`Date.now()`).
 */
export async function answerBid(
  context: BidRouteContext,
  raw: Buffer,
  contentEncoding: string | undefined,
  started: number,
): Promise<BidAnswer> {
  const { metrics } = context;
  if (context.draining()) return noBid(metrics, 'draining');
  const body = readBidBody(raw, contentEncoding);
  if (!body.ok) return refusal(metrics, body.reason, 'The body is not a JSON bid request.');
  const parsed = parseBidRequest(body.json, { maxImps: context.config.maxImps });
  if (!parsed.ok) return refusal(metrics, parsed.reason, parsed.message);
  if (parsed.noBid) return noBid(metrics, parsed.noBid);
  context.sampler.seen(parsed.request, context.now());
  if (!context.recording()) return noBid(metrics, 'cannot_record');

  const request = parsed.request;
  const now = context.now();
  const deciding = { ...context, now, models: context.modelBook.models };
  const nothingFor = noBidAtOnce(request, deciding);
  if (nothingFor) return noBid(metrics, nothingFor);
  const budget = Math.max(
    0,
    (request.tmaxMs ?? DEFAULT_DECISION_MS + NETWORK_MARGIN_MS) - NETWORK_MARGIN_MS - (Date.now() - started),
  );
  const decision = decideBids(request, deciding);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), budget);
  });
  const outcome = await Promise.race([decision, late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    // Whatever the decision reserved once it finishes goes back: no bid was sent for it.
    void decision
      .then((d) => releaseAll(context.store, d))
      .catch((err) => context.log.error({ err }, 'release failed'));
    return noBid(metrics, 'timeout');
  }
  if (outcome.noBid) return noBid(metrics, outcome.noBid);
  const json = bidResponseJson(request, outcome.bids, {
    tokens: context.tokens,
    config: context.config,
    now,
  });
  context.bidCounts.add(request, outcome.bids, now);
  metrics.bidRequests.inc({ outcome: 'bid', reason: '' });
  return { status: 200, json };
}

async function releaseAll(store: BudgetStore, decision: Decision) {
  await Promise.all(
    decision.bids
      .filter((b) => b.reserved)
      .map((b) => store.release(b.bidId, b.candidate.campaign.advertiserId)),
  );
}
