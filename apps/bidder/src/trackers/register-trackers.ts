import { inTransaction } from '@rtb/db';
import {
  type DeliveryEventInput,
  type LoggedEvent,
  loggedEvent,
  type RecordedTagEvent,
  recordTagEvents,
  type TagEventInput,
} from '@rtb/delivery';
import type { FastifyInstance } from 'fastify';
import { applyTagEvents } from '../audiences/apply-tag-events';
import { prefetchViewed } from '../products/viewed-products';
import { registerTagScriptRoute } from '../tag/tag-script-route';
import { applyFolded, type BudgetNote } from './budget-effects';
import { registerClickRoute } from './click-route';
import { CommitQueue } from './commit-queue';
import { registerConversionRoute } from './conversion-route';
import { createEventLog } from './create-event-log';
import { EventFolder } from './event-folder';
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
  /** Appends an event of the bidder's own (a lift test's exposure or ghost): true once new in the log. */
  append(event: DeliveryEventInput): Promise<boolean>;
  /** Resolves once what this process appended to the event log is folded; throws when a fold fails. */
  folded(): Promise<void>;
  /** Events in the event log waiting to be folded. */
  waiting(): Promise<number>;
  /** What is not well with the event log itself (NATS unreachable), or null. */
  logProblem(): string | null;
  close(): Promise<void>;
}

/** How often the log is looked at for rows no append here announced (another process's, past its grace). */
const FOLD_POLL_MS = 1_000;

/**
 * The trackers (DESIGN.md section 6) on the bidder's server: win, billing and loss notices, the
 * impression pixel, the click, the conversion pixel, the cookie sync, the shop tag's events and
 * its script (`/tag.js`), all public, every parameter untrusted (the bid's facts come from the signed token alone).
 * Delivery events are answered once appended to the durable event log (group-committed, several
 * appends in flight; the database's table, or NATS JetStream with `NATS_URL`) and folded into the
 * records after (`EventFolder`); tag events are group-committed before they are answered. `close`
 * commits what is waiting, lets the running fold end (on the table, folds this process's rows) and
 * closes the log.
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
  // The budget note travels with each event: whichever process folds it applies it.
  const log = await createEventLog<BudgetNote>(context.deps, config, metrics, context.log);
  metrics.eventLog(() => log.waiting());
  const folder = new EventFolder<BudgetNote>({
    log,
    deps: context.deps,
    graceMs: config.foldGraceMs,
    maxEvents: config.foldMaxEvents,
    pollMs: FOLD_POLL_MS,
    logger: context.log,
    watcher: metrics.eventFolder,
    // Once per fold and advertiser: spend reaches every bidder as these deltas to the counters,
    // not as a reload (docs/operations.md, 'Spend reaches the bidders as counter deltas').
    applyEffects: (effects) => context.store.applyFold(effects),
    // All at once (in order on the store's connection): the counters follow the fold's commit
    // as closely as they followed each event's commit before.
    applied: async (folded) => {
      await Promise.all(
        folded.map((event) =>
          applyFolded(context.store, config, metrics, event).catch((err) => {
            // Budget counters follow the database; the advertiser's limits are worked out again from it.
            context.log.error({ err }, 'budget store update failed after the event was folded');
            context.countersStale?.(event.logged.event.advertiserId);
          }),
        ),
      );
    },
  });
  const queue: CommitQueue<LoggedEvent<BudgetNote>, boolean> = new CommitQueue({
    ...batching,
    parallel: config.appendParallel,
    name: 'delivery events',
    watcher: metrics.commitQueue('delivery', () => queue.depth),
    commit: async (events) => {
      const appended = await log.append(events);
      folder.kick();
      return appended;
    },
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
    now: context.now ?? (() => new Date()),
  };
  registerNoticeRoutes(app, tracking);
  registerClickRoute(app, tracking);
  registerConversionRoute(app, tracking);
  registerSyncRoute(app, tracking);
  await registerEventsRoute(app, tracking);
  await registerPostbackRoute(app, tracking);
  registerTagScriptRoute(app, context.config);
  folder.start();
  return {
    /** Whether spend can be recorded: appends and folds succeed, or failed for less than an event's time. */
    recording: () => queue.healthy() && folder.healthy(config.commitTimeoutMs),
    /** Events waiting for their commits, in both queues. */
    depth: () => queue.depth + tagQueue.depth,
    append: (event) => queue.record(loggedEvent(event)),
    folded: () => folder.drain(),
    waiting: () => log.waiting(),
    logProblem: () => log.problem(),
    async close() {
      await Promise.all([queue.close(), tagQueue.close()]);
      await folder.close();
      await log.close();
    },
  };
}
