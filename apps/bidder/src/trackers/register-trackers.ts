import { recordDeliveryEvents } from '@rtb/api/delivery';
import { inTransaction } from '@rtb/api/deps';
import type { FastifyInstance } from 'fastify';
import { budgetEffects } from './budget-effects';
import { registerClickRoute } from './click-route';
import { CommitQueue } from './commit-queue';
import { registerConversionRoute } from './conversion-route';
import { registerNoticeRoutes } from './notice-routes';
import { registerSyncRoute } from './sync-route';
import type { TrackerContext, Tracking } from './tracking';

export type { TrackerContext } from './tracking';

const COMMIT_RETRY_MS = 10_000;

/**
 * The trackers (DESIGN.md section 6) on the bidder's server: win, billing and loss notices, the
 * impression pixel, the click, the conversion pixel and the cookie sync, all public GETs whose
 * every parameter is untrusted (the bid's facts come from the signed token alone). Events are
 * group-committed before they are answered; `close` commits what is waiting.
 */
export async function registerTrackers(
  app: FastifyInstance,
  context: TrackerContext,
): Promise<{ close(): Promise<void> }> {
  const queue = new CommitQueue({
    commit: (events) => inTransaction(context.deps, (tx) => recordDeliveryEvents(tx, events)),
    maxEvents: context.config.commitMaxEvents,
    waitMs: context.config.commitWaitMs,
    retryForMs: context.commitRetryMs ?? COMMIT_RETRY_MS,
    log: context.log,
  });
  const tracking: Tracking = {
    context,
    queue,
    effects: budgetEffects(context.store, context.config),
    now: context.now ?? (() => new Date()),
  };
  registerNoticeRoutes(app, tracking);
  registerClickRoute(app, tracking);
  registerConversionRoute(app, tracking);
  registerSyncRoute(app, tracking);
  return { close: () => queue.close() };
}
