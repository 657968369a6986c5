import { anyOf, type Database, deliveryEventLog, insertRows, selectRows } from '@rtb/db';
import { and, lt, sql } from 'drizzle-orm';

/** Folds of a row alone that fail before it is parked. */
export const PARKED_AFTER = 3;

/** A row of `delivery_event_log` as appended: the event's key and its entry (JSON). */
export interface EventLogRow {
  eventKey: string;
  entry: unknown;
}

/** Appends the rows under their event keys; answers the keys that were new (not already waiting). */
export async function appendLogRows(db: Database, origin: string, rows: EventLogRow[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const appended = await selectRows<{ event_key: string }>(
    db,
    sql`${insertRows(
      deliveryEventLog,
      rows.map((row) => ({ ...row, origin })),
    )} on conflict do nothing returning event_key`,
  );
  return new Set(appended.map((row) => row.event_key));
}

/**
 * Claims the oldest rows, at most `limit`, that `origin` folds: its own, and anyone's appended
 * more than `graceMs` ago (their process died); every origin's when `origin` is null. Rows another
 * transaction holds are skipped, and parked rows never claimed. The claim holds the rows for the
 * fold's transaction (`deleteLogRows` takes the folded ones out), so a fold that fails leaves them
 * in the log. Answers the rows in the order they were appended.
 */
export async function claimLogRows(
  db: Database,
  claim: { origin: string | null; graceMs: number; limit: number },
): Promise<EventLogRow[]> {
  const mine =
    claim.origin === null
      ? sql`true`
      : sql`(origin = ${claim.origin} or appended_at < now() - make_interval(secs => ${claim.graceMs / 1000}))`;
  const rows = await selectRows<{ event_key: string; entry: unknown }>(
    db,
    sql`
      select event_key, entry from delivery_event_log
      where failures < ${PARKED_AFTER} and ${mine}
      order by seq limit ${claim.limit} for update skip locked`,
  );
  return rows.map((row) => ({ eventKey: row.event_key, entry: row.entry }));
}

/** Takes the folded rows out of the log (in the fold's transaction). */
export async function deleteLogRows(db: Database, eventKeys: string[]): Promise<void> {
  if (!eventKeys.length) return;
  await db.delete(deliveryEventLog).where(anyOf(deliveryEventLog.eventKey, eventKeys));
}

/** Which of these keys wait in the log, parked rows left out (they may never be folded). */
export async function waitingLogKeys(db: Database, eventKeys: string[]): Promise<Set<string>> {
  if (!eventKeys.length) return new Set();
  const rows = await db
    .select({ eventKey: deliveryEventLog.eventKey })
    .from(deliveryEventLog)
    .where(and(anyOf(deliveryEventLog.eventKey, eventKeys), lt(deliveryEventLog.failures, PARKED_AFTER)));
  return new Set(rows.map((row) => row.eventKey));
}

/** A row's fold failed alone (outside the failed transaction): at `PARKED_AFTER` failures it is no longer claimed. */
export async function countLogFailure(db: Database, eventKey: string): Promise<void> {
  await db.execute(sql`update delivery_event_log set failures = failures + 1 where event_key = ${eventKey}`);
}

/** Rows waiting to be folded, parked rows left out. */
export async function countWaitingLogRows(db: Database): Promise<number> {
  const [row] = await selectRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from delivery_event_log where failures < ${PARKED_AFTER}`,
  );
  return Number(row?.n ?? 0);
}
