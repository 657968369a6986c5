import type { CampaignIndex, NoBidReason } from '@rtb/rtb';
import { parseBidRequest } from '@rtb/rtb';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ProfileStore } from '../audiences/profile-store';
import type { BidTokens } from '../bid-token';
import type { BudgetStore } from '../budget/budget-store';
import type { BidderConfig } from '../config';
import type { LiveIndex } from '../index/live-index';
import type { BidderMetrics } from '../metrics/bidder-metrics';
import type { ProductCatalogue } from '../products/product-catalogue';
import type { BidCounts } from './bid-counts';
import { bidResponse } from './bid-response';
import { type Decision, decideBids } from './decide';
import type { PacingBook } from './pacing-book';
import { BID_REQUEST_MAX_BYTES, readBidBody } from './read-body';
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
  tokens: BidTokens;
  config: BidderConfig;
  now: () => Date;
  random: () => number;
}

/** Time kept back from `tmax` for the answer to travel back to the exchange. */
const NETWORK_MARGIN_MS = 20;
/** How long a decision may take when the exchange does not say (`tmax` absent). */
const DEFAULT_DECISION_MS = 100;

/**
 * `POST /openrtb2/bid` (OpenRTB 2.6; 2.5 requests too). The body is read raw (any content type,
 * gzip or not, at most 256 kB), validated by `parseBidRequest` (400 with the reason in
 * `x-rtb-reason` and `x-rtb-message`), and decided within `tmax`: a decision that would arrive
 * late answers 204 `timeout` at the deadline and gives back what it reserved. Nothing for us is a
 * 204 with the reason; a failure inside is logged and answered 204 `unavailable`, never 5xx; so
 * is a request while the process drains (`draining`) or while spend cannot be recorded
 * (`cannot_record`). Every answer is counted by outcome and reason (`rtb_bid_requests_total`).
 */
export async function bidRoutes(app: FastifyInstance, context: BidRouteContext) {
  const { metrics } = context;
  const noBid = (reply: FastifyReply, reason: NoBidReason) => {
    metrics.bidRequests.inc({ outcome: 'no_bid', reason });
    return reply.code(204).header('x-rtb-reason', reason).send();
  };
  const invalid = (reply: FastifyReply, reason: string, message: string) => {
    metrics.bidRequests.inc({ outcome: 'invalid', reason });
    return reply.code(400).header('x-rtb-reason', reason).header('x-rtb-message', message).send();
  };

  await app.register(async (scope) => {
    scope.addHook('onResponse', async (_request, reply) => {
      metrics.bidSeconds.observe(reply.elapsedTime / 1000);
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: BID_REQUEST_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.setErrorHandler((error, request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 400 && status < 500)
        return invalid(
          reply,
          status === 413 ? 'too_large' : 'bad_request',
          String((error as Error).message).slice(0, 200),
        );
      request.log.error({ err: error }, 'bid failed');
      return noBid(reply, 'unavailable');
    });

    scope.post('/openrtb2/bid', async (request, reply) => {
      const started = Date.now();
      if (context.draining()) return noBid(reply, 'draining');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const body = readBidBody(raw, request.headers['content-encoding']);
      if (!body.ok) return invalid(reply, body.reason, 'The body is not a JSON bid request.');
      const parsed = parseBidRequest(body.json, { maxImps: context.config.maxImps });
      if (!parsed.ok) return invalid(reply, parsed.reason, parsed.message);
      if (parsed.noBid) return noBid(reply, parsed.noBid);
      context.sampler.seen(parsed.request, context.now());
      if (!context.recording()) return noBid(reply, 'cannot_record');

      const request_ = parsed.request;
      const now = context.now();
      const budget = Math.max(
        0,
        (request_.tmaxMs ?? DEFAULT_DECISION_MS + NETWORK_MARGIN_MS) -
          NETWORK_MARGIN_MS -
          (Date.now() - started),
      );
      const decision = decideBids(request_, { ...context, now });
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
          .catch((err) => request.log.error({ err }, 'release failed'));
        return noBid(reply, 'timeout');
      }
      if (outcome.noBid) return noBid(reply, outcome.noBid);
      const response = bidResponse(request_, outcome.bids, {
        tokens: context.tokens,
        config: context.config,
        now,
      });
      context.bidCounts.add(request_, outcome.bids, now);
      metrics.bidRequests.inc({ outcome: 'bid', reason: '' });
      return reply.header('x-openrtb-version', '2.6').type('application/json').send(response);
    });
  });
}

async function releaseAll(store: BudgetStore, decision: Decision) {
  await Promise.all(
    decision.bids
      .filter((b) => b.reserved)
      .map((b) => store.release(b.bidId, b.candidate.campaign.advertiserId)),
  );
}
