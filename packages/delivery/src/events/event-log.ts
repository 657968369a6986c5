import { inTransaction } from '@rtb/db';
import { sql } from 'drizzle-orm';
import type { DeliveryDeps } from '../deps';
import {
  appendLogRows,
  claimLogRows,
  countLogFailure,
  countWaitingLogRows,
  deleteLogRows,
  waitingLogKeys,
} from './event-log-repository';
import { type FoldEffects, foldEffectsOf } from './fold-effects';
import { insertFoldEffects } from './fold-effects-repository';
import {
  type DeliveryEventInput,
  eventKeyOf,
  type RecordedEvent,
  recordDeliveryEvents,
} from './record-events';

/** An event as a tracker logs it: the event, its key fixed, and the tracker's note for after its fold. */
export interface LoggedEvent<Note = unknown> {
  event: DeliveryEventInput & { eventKey: string };
  note?: Note;
}

/** A logged event once folded: whether it counted (`recorded`), as `recordDeliveryEvents` says. */
export interface FoldedEvent<Note = unknown> {
  logged: LoggedEvent<Note>;
  recorded: RecordedEvent;
}

/** The event with its key fixed now (a click's is random: its log row and its record must share it). */
export function loggedEvent<Note>(event: DeliveryEventInput, note?: Note): LoggedEvent<Note> {
  return { event: { ...event, eventKey: eventKeyOf(event) }, ...(note === undefined ? {} : { note }) };
}

/**
 * Appends the events to the durable log in one statement: once it returns they are acknowledged.
 * Answers per event whether it was new; false for a key already waiting in the log (a retried
 * notice), which is not appended again. A retry of an event already folded is appended, and its
 * fold finds it recorded.
 */
export async function appendEvents(
  deps: DeliveryDeps,
  origin: string,
  entries: LoggedEvent[],
): Promise<boolean[]> {
  const appended = await appendLogRows(
    deps.db,
    origin,
    entries.map((entry) => ({ eventKey: entry.event.eventKey, entry })),
  );
  // Two copies of a key in one batch: the first one counts as appended.
  const answered = new Set<string>();
  return entries.map(({ event }) => {
    const isNew = appended.has(event.eventKey) && !answered.has(event.eventKey);
    answered.add(event.eventKey);
    return isNew;
  });
}

/** Events waiting in the log to be folded, parked ones left out. */
export const waitingEventCount = (deps: DeliveryDeps): Promise<number> => countWaitingLogRows(deps.db);

/** What a claim takes from the log (`claimLogRows`). */
interface FoldClaim {
  origin: string | null;
  graceMs: number;
  limit: number;
}

/** A fold that failed, and how many events it had claimed (0: it failed before it could claim). */
export class FoldError extends Error {
  constructor(
    readonly claimed: number,
    cause: unknown,
  ) {
    super('The event log could not be folded.', { cause });
  }
}

/**
 * The events of the same bid an event is judged against (`recordDeliveryEvents`): a click's
 * impression or render, a loss's win or impression, an impression's render. Keys as `eventKeyOf`.
 * A log folds an event only once none of these waits in it unfolded (or after a grace period).
 */
export function judgedAgainst(event: LoggedEvent['event']): string[] {
  const bid = event.bidId;
  if (!bid || event.invalidReason) return [];
  if (event.kind === 'click') return [`impression:${bid}`, `render:${bid}`];
  if (event.kind === 'loss') return [`win:${bid}`, `impression:${bid}`];
  if (event.kind === 'impression') return [`render:${bid}`];
  return [];
}

/**
 * One fold: claims the oldest events of the log, records them (`recordDeliveryEvents`: raw
 * events, rollups, daily counters, the ledger), keeps their budget effects (`FoldEffects`, for
 * the budget store) and deletes them, in one transaction. An event
 * whose bid has an event it is judged against still waiting in the log, outside this claim (another
 * process's, not folded yet), stays for a later fold: a click is never judged before its
 * impression is recorded, whichever process took each. Answers each folded event with its outcome,
 * in the order they were appended, and how many were claimed; none when the log is empty. When it
 * fails (`FoldError`) nothing is recorded and the events stay in the log; a fold of one event
 * counts its failure on its row (three park it).
 */
export async function foldEvents<Note>(
  deps: DeliveryDeps,
  claim: FoldClaim,
): Promise<{ claimed: number; folded: FoldedEvent<Note>[]; effects: FoldEffects[] }> {
  let claimed: LoggedEvent<Note>[] = [];
  try {
    return await inTransaction(deps, async (tx) => {
      claimed = (await claimLogRows(tx.db, claim)).map((row) => loggedOf<Note>(row.entry));
      if (!claimed.length) return { claimed: 0, folded: [], effects: [] };
      const inClaim = new Set(claimed.map((logged) => logged.event.eventKey));
      const waiting = await waitingLogKeys(
        tx.db,
        [...new Set(claimed.flatMap((logged) => judgedAgainst(logged.event)))].filter(
          (key) => !inClaim.has(key),
        ),
      );
      const ready = claimed.filter((logged) => !judgedAgainst(logged.event).some((key) => waiting.has(key)));
      await deleteLogRows(
        tx.db,
        ready.map((logged) => logged.event.eventKey),
      );
      return { claimed: claimed.length, ...(await recordLoggedEvents(tx, ready)) };
    });
  } catch (error) {
    const [alone] = claimed;
    if (claim.limit === 1 && alone) await countLogFailure(deps.db, alone.event.eventKey).catch(() => {});
    throw new FoldError(claimed.length, error);
  }
}

/**
 * Records logged events in the caller's transaction (`recordDeliveryEvents`: raw events, rollups,
 * daily counters, the ledger), each key once however often it is folded, and keeps their budget
 * effects (`FoldEffects`, for the budget store); answers each event with its outcome, and the effects.
 */
export async function recordLoggedEvents<Note>(
  deps: DeliveryDeps,
  logged: LoggedEvent<Note>[],
): Promise<{ folded: FoldedEvent<Note>[]; effects: FoldEffects[] }> {
  // The ledger's spend reaches the bidders as the fold's counter deltas, not as a notification
  // per advertiser (migration 0028).
  await deps.db.execute(sql`select set_config('rtb.spend_fold', 'on', true)`);
  const recorded = await recordDeliveryEvents(
    deps,
    logged.map((entry) => entry.event),
  );
  const folded = logged.map((entry, i) => ({ logged: entry, recorded: recorded[i] as RecordedEvent }));
  const effects = foldEffectsOf(folded.map(({ logged, recorded }) => ({ event: logged.event, recorded })));
  await insertFoldEffects(deps.db, effects);
  return { folded, effects };
}

/** A logged event as read back from JSON (its times are strings there). */
export function loggedOf<Note>(entry: unknown): LoggedEvent<Note> {
  const logged = entry as LoggedEvent<Note> & {
    event: { occurredAt: string; bidAt?: string | null };
  };
  return {
    ...logged,
    event: {
      ...logged.event,
      occurredAt: new Date(logged.event.occurredAt),
      bidAt: logged.event.bidAt == null ? null : new Date(logged.event.bidAt),
    },
  };
}
