import { z } from 'zod';
import { apiDateTime, envelope } from './common';

/**
 * The calls the demo traffic (the exchange simulator `npm start` runs) makes to the platform, in
 * the order of an opportunity: the exchange's bid request and notices, the browser's pixel, click
 * and conversion.
 */
export const demoTrafficCalls = [
  'bid_request',
  'win_notice',
  'billing_notice',
  'loss_notice',
  'impression',
  'click',
  'conversion',
] as const;
export type DemoTrafficCall = (typeof demoTrafficCalls)[number];

/** An unexpected status, no answer in time, the connection refused, the host not found or reached, another network error. */
export const demoTrafficFailureCauses = [
  'http_status',
  'timeout',
  'refused',
  'unreachable',
  'network',
] as const;
export type DemoTrafficFailureCause = (typeof demoTrafficFailureCauses)[number];

/** One kind of call failing for one reason. */
export const demoTrafficFailure = z.object({
  what: z.enum(demoTrafficCalls),
  /** Origin and path: never the query (it holds tokens and prices). */
  url: z.string(),
  cause: z.enum(demoTrafficFailureCauses),
  /** The answer's status when the cause is `http_status`. */
  status: z.number().int().nullable(),
  /** As the process's log says it, e.g. 'connect ECONNREFUSED 127.0.0.1:8080', 'HTTP 503'. */
  reason: z.string(),
  firstAt: apiDateTime,
  lastAt: apiDateTime,
  count: z.number().int(),
});
export type DemoTrafficFailure = z.infer<typeof demoTrafficFailure>;

/** The demo traffic of the process that answered, or `running: false` when it runs none. */
export const demoTrafficStatus = z.discriminatedUnion('running', [
  z.object({ running: z.literal(false) }),
  z.object({
    running: z.literal(true),
    /** Bid requests per second. */
    rate: z.number(),
    /** Bid requests sent, and bids received. */
    sent: z.number().int(),
    bids: z.number().int(),
    /** Calls to the platform that answered as expected, and that failed. */
    calls: z.object({ ok: z.number().int(), failed: z.number().int() }),
    /** Some kind of call failed in the last minute and has not succeeded since. */
    failing: z.boolean(),
    /** The kinds failing now, in the order of an opportunity. */
    failures: z.array(demoTrafficFailure),
    /** The latest failure, failing now or not. */
    lastFailure: demoTrafficFailure.nullable(),
  }),
]);
export type DemoTrafficStatus = z.infer<typeof demoTrafficStatus>;

/** `GET /api/admin/demo-traffic`. */
export const demoTrafficStatusResponse = envelope({ demoTraffic: demoTrafficStatus });
