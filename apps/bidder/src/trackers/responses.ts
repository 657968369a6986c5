import type { FastifyReply } from 'fastify';

/** A 1x1 transparent GIF: the answer of the pixels. */
const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function sendGif(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store').type('image/gif').send(TRANSPARENT_GIF);
}

/** Why a tracker refused the request, in `x-rtb-reason` (the exchanges log headers, not bodies). */
export type RefusalReason =
  | 'bad_token'
  | 'price_above_bid'
  | 'unknown_advertiser'
  | 'bad_order'
  | 'bad_value'
  | 'currency_mismatch'
  | 'bad_batch'
  | 'unknown_tag'
  | 'bad_postback'
  | 'body_too_large'
  | 'bad_signature'
  | 'stale_timestamp'
  | 'duplicate_order';

/**
 * 400 (or `status`) with the reason; `detail` (a text body) tells a shop's developer which field
 * was wrong.
 */
export function refuse(reply: FastifyReply, reason: RefusalReason, detail?: string, status = 400) {
  reply.code(status).header('x-rtb-reason', reason).header('cache-control', 'no-store');
  return detail ? reply.type('text/plain; charset=utf-8').send(detail) : reply.send();
}

/** The event could not be committed (the database is down): the exchange retries, and the retry counts once. */
export function unavailable(reply: FastifyReply) {
  return reply.code(503).header('x-rtb-reason', 'unavailable').header('retry-after', '1').send();
}
