import type { FastifyInstance } from 'fastify';
import { refuse } from './responses';
import { bidEvent, commit, isBotRequest, type Tracking, tokenOf } from './tracking';
import { ensureUserId } from './user-id';

/** An http(s) landing page, or null. */
function landingPageOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The click: recorded (valid only after a valid impression of the bid, and once; decided when
 * its batch commits), then a 302 to the landing page the signed token carries.
 */
export function registerClickRoute(app: FastifyInstance, tracking: Tracking) {
  app.get('/rtb/click', { exposeHeadRoute: false, config: { access: 'public' } }, async (request, reply) => {
    const token = tokenOf(tracking, request, reply, 'b');
    if (!token) return reply;
    const landingPage = landingPageOf(token.url);
    if (!landingPage) return refuse(reply, 'bad_token');
    const event = bidEvent(token, { kind: 'click', source: 'click', occurredAt: tracking.now() });
    // A dynamic banner's click is on the first product its token names (`BidToken.prd`).
    if (token.prd?.[0] !== undefined) event.productKeys = [token.prd[0]];
    event.userId = ensureUserId(request, reply, tracking.context.config);
    if (!event.invalidReason && isBotRequest(request)) event.invalidReason = 'bot';
    if (!(await commit(tracking, reply, event))) return reply;
    return reply.header('cache-control', 'no-store').redirect(landingPage, 302);
  });
}
