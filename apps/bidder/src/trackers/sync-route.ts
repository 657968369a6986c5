import type { FastifyInstance } from 'fastify';
import type { BidderConfig } from '../config';
import { sendGif } from './responses';
import type { Tracking } from './tracking';
import { ensureUserId } from './user-id';

const UID_MACRO = /\$\{UID\}|%24%7BUID%7D/gi;

/** The partner's URL with our user id in place of `${UID}`, when it is http(s) on a host we sync with. */
function syncTarget(redirect: unknown, userId: string, config: BidderConfig): string | null {
  if (typeof redirect !== 'string' || redirect.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(redirect);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!config.syncHosts.includes(url.hostname.toLowerCase())) return null;
  return redirect.replace(UID_MACRO, userId);
}

/**
 * Cookie sync: gives the browser our user id (cookie `rtb_uid`) and sends it back to the
 * partner with the id in its URL, only to the hosts of `RTB_SYNC_HOSTS` (no open redirect).
 */
export function registerSyncRoute(app: FastifyInstance, tracking: Tracking) {
  app.get('/rtb/sync', { exposeHeadRoute: false, config: { access: 'public' } }, async (request, reply) => {
    const userId = ensureUserId(request, reply, tracking.context.config);
    const target = syncTarget(
      (request.query as Record<string, unknown>).redirect,
      userId,
      tracking.context.config,
    );
    if (!target) return sendGif(reply);
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
}
