import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BidderConfig } from '../config';
import { randomId } from '../random-id';

export const USER_ID_COOKIE = 'rtb_uid';
const USER_ID = /^[A-Za-z0-9_-]{22}$/;
const MAX_AGE_SECONDS = 400 * 86_400;

/** Our user id from the `rtb_uid` cookie; null when absent or not one of ours (128 bits, base64url). */
export function userIdOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === USER_ID_COOKIE) {
      const value = pair.slice(eq + 1).trim();
      return USER_ID.test(value) ? value : null;
    }
  }
  return null;
}

/**
 * The user's id, given a new one (a random 128-bit id, kept 400 days) when it has none. Third-party
 * in the exchanges' pages, so on https it must be `SameSite=None; Secure` to come back.
 */
export function ensureUserId(request: FastifyRequest, reply: FastifyReply, config: BidderConfig): string {
  const known = userIdOf(request);
  if (known) return known;
  const id = randomId(16);
  const site = config.secureCookies ? 'SameSite=None; Secure' : 'SameSite=Lax';
  reply.header(
    'set-cookie',
    `${USER_ID_COOKIE}=${id}; Max-Age=${MAX_AGE_SECONDS}; Path=/; HttpOnly; ${site}`,
  );
  return id;
}
