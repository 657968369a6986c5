import { inTransaction } from '@rtb/db';
import {
  type DeliveryEventInput,
  type RecordedEvent,
  type RecordedTagEvent,
  recordDeliveryEvents,
  recordTagEvents,
  type TagEventInput,
} from '@rtb/delivery';
import type { FastifyInstance } from 'fastify';
import { applyTagEvents } from '../audiences/apply-tag-events';
import { prefetchViewed } from '../products/viewed-products';
import { registerTagScriptRoute } from '../tag/tag-script-route';
import { budgetEffects } from './budget-effects';
import { registerClickRoute } from './click-route';
import { CommitQueue } from './commit-queue';
import { registerConversionRoute } from './conversion-route';
import { registerEventsRoute } from './events-route';
import { registerNoticeRoutes } from './notice-routes';
import { registerPostbackRoute } from './postback-route';
import { registerSyncRoute } from './sync-route';
import { TagKeys } from './tag-keys';
import type { TrackerContext, Tracking } from './tracking';

export type { TrackerContext } from './tracking';

export interface Trackers {
  recording(): boolean;
  depth(): number;
  close(): Promise<void>;
}

/**
 * The trackers (DESIGN.md section 6) on the bidder's server: win, billing and loss notices, the
 * impression pixel, the click, the conversion pixel, the cookie sync, the shop tag's events and
 * its script (`/tag.js`), all public, every parameter untrusted (the bid's facts come from the signed token alone).
 * Events are group-committed before they are answered (delivery events and tag events in queues
 * of their own); `close` commits what is waiting.
 */
export async function registerTrackers(app: FastifyInstance, context: TrackerContext): Promise<Trackers> {
  const { config, metrics } = context;
  const batching = {
    maxEvents: config.commitMaxEvents,
    waitMs: config.commitWaitMs,
    timeoutMs: config.commitTimeoutMs,
    limit: config.commitQueueLimit,
    log: context.log,
  };
  const queue: CommitQueue<DeliveryEventInput, RecordedEvent> = new CommitQueue({
    ...batching,
    name: 'delivery events',
    watcher: metrics.commitQueue('delivery', () => queue.depth),
    commit: (events) => inTransaction(context.deps, (tx) => recordDeliveryEvents(tx, events)),
  });
  const tagQueue: CommitQueue<TagEventInput, RecordedTagEvent> = new CommitQueue({
    ...batching,
    name: 'tag events',
    watcher: metrics.commitQueue('tag', () => tagQueue.depth),
    commit: async (events) => {
      const recorded = await inTransaction(context.deps, (tx) => recordTagEvents(tx, events));
      // The profiles are rebuilt from the committed events at the next start: a failed update
      // costs a visitor's membership until then, never the events.
      const profileEvents = recorded.flatMap((event) => (event.profile ? [event.profile] : []));
      await applyTagEvents(context.profiles, profileEvents).catch((err) =>
        context.log.error({ err }, 'visitor profiles not updated'),
      );
      prefetchViewed(context.catalogue, profileEvents);
      return recorded;
    },
  });
  // Every tracker answer by route and status: refusals (400) and events not committed (503) included.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route && route !== '/openrtb2/bid')
      metrics.trackerRequests.inc({ route, status: String(reply.statusCode) });
  });
  const tracking: Tracking = {
    context,
    queue,
    tagQueue,
    tagKeys: new TagKeys(context.deps),
    effects: budgetEffects(context.store, context.config),
    now: context.now ?? (() => new Date()),
  };
  registerNoticeRoutes(app, tracking);
  registerClickRoute(app, tracking);
  registerConversionRoute(app, tracking);
  registerSyncRoute(app, tracking);
  await registerEventsRoute(app, tracking);
  await registerPostbackRoute(app, tracking);
  registerTagScriptRoute(app, context.config);
  return {
    /** Whether spend can be recorded: the delivery events' commits succeed, or failed for less than an event's time. */
    recording: () => queue.healthy(),
    /** Events waiting for their commits, in both queues. */
    depth: () => queue.depth + tagQueue.depth,
    async close() {
      await Promise.all([queue.close(), tagQueue.close()]);
    },
  };
}
