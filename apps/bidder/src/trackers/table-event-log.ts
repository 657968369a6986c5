import { appendEvents, type DeliveryDeps, foldEvents, waitingEventCount } from '@rtb/delivery';
import type { EventLog } from './event-log';

/**
 * The event log in the database's table `delivery_event_log` (decision 0027): this process
 * appends under `origin` and folds its own rows, and anyone's older than `graceMs`.
 */
export function tableEventLog<Note>(deps: DeliveryDeps, origin: string, graceMs: number): EventLog<Note> {
  return {
    append: (entries) => appendEvents(deps, origin, entries),
    fold: async (limit) => ({ ...(await foldEvents<Note>(deps, { origin, graceMs, limit })), deferred: 0 }),
    waiting: () => waitingEventCount(deps),
    problem: () => null,
    foldsAtClose: true,
    close: async () => {},
  };
}
