/** Why a request is malformed (HTTP 400). */
export const invalidRequestReasons = [
  'not_json_object',
  'missing_id',
  'no_imp',
  'too_many_imps',
  'imp_missing_id',
  'duplicate_imp_id',
  'banner_without_size',
  'negative_size',
  'site_and_app',
  'negative_tmax',
  'bad_field',
] as const;
export type InvalidRequestReason = (typeof invalidRequestReasons)[number];

/**
 * Why a valid request gets no bid (HTTP 204 with a reason header). `parseBidRequest` gives the
 * first three; the bid path the others.
 */
export const noBidReasons = [
  'no_banner_imp',
  'private_auction',
  'unsupported_currency',
  'no_campaign',
  'https_required',
  'budget',
  'paced',
  'frequency_cap',
  /** The campaigns whose turn came held the visitor out of their lift tests (ghosts recorded), and no other bid. */
  'held_out',
  'timeout',
  'unavailable',
  /** The campaigns' budget counters are being worked out again (the shared store lost them). */
  'budget_unknown',
  /** Tracked events cannot be committed (the database is down): spend could not be recorded. */
  'cannot_record',
  /** The bidder is shutting down. */
  'draining',
] as const;
export type NoBidReason = (typeof noBidReasons)[number];

/**
 * Thrown by the readers of a request and turned into `{ ok: false }` by `parseBidRequest`, which
 * catches it before anything else can see it. Not an Error: a stack trace is no use here and
 * costs more than parsing a request.
 */
export class InvalidRequest {
  constructor(
    readonly reason: InvalidRequestReason,
    readonly message: string,
  ) {}
}

export function fail(reason: InvalidRequestReason, message: string): never {
  throw new InvalidRequest(reason, message);
}
