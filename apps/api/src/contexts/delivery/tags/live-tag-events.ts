import { setTimeout as sleep } from 'node:timers/promises';
import type { TagDebugEvent } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { toDebugEvent } from './debug-events';
import { lastTagEventSeq, tagEventsAfter } from './repository';

export interface LiveTagEvent {
  /** The event's position: the stream's `id:`, which a reconnect sends back as `Last-Event-ID`. */
  seq: number;
  event: TagDebugEvent;
}

export interface LiveOptions {
  pollMs: number;
  signal: AbortSignal;
}

/** Rows read at a time. */
const PAGE = 200;
/**
 * How long a position stays open for rows committed late: a batch takes its positions when it
 * inserts and shows them when it commits, so one bidder's batch can show up after another's
 * later positions were read. Rows committing within this time of a later one are still found.
 */
const LATE_COMMIT_MS = 10_000;

/**
 * Where a stream starts: after a reconnect's `Last-Event-ID`, else after the advertiser's newest
 * event. Asked before the stream is answered, so whatever is recorded once the reader is
 * connected comes after it.
 */
export async function liveStart(
  deps: AppDeps,
  advertiserId: number,
  lastEventId: number | null,
): Promise<number> {
  return lastEventId ?? (await lastTagEventSeq(deps.db, advertiserId));
}

/**
 * The advertiser's events as they are committed, by any process: new rows by position every
 * `pollMs`, for this advertiser only (`tag_events_advertiser_seq_idx`), from after `afterSeq`
 * (`liveStart`). Each event is given once; ends when `signal` aborts.
 */
export async function* liveTagEvents(
  deps: AppDeps,
  advertiserId: number,
  afterSeq: number,
  options: LiveOptions,
): AsyncGenerator<LiveTagEvent> {
  // Everything at or below `floor` is done with; `given` holds what was given above it, and when.
  let floor = afterSeq;
  const given = new Map<number, number>();
  while (!options.signal.aborted) {
    for (let from = floor; ; ) {
      const rows = await tagEventsAfter(deps.db, advertiserId, from, PAGE);
      for (const row of rows) {
        if (given.has(row.seq)) continue;
        given.set(row.seq, Date.now());
        yield { seq: row.seq, event: toDebugEvent(row) };
      }
      if (rows.length < PAGE) break;
      from = rows[rows.length - 1]?.seq ?? from;
    }
    const settled = Date.now() - LATE_COMMIT_MS;
    for (const [seq, at] of given)
      if (at < settled) {
        floor = Math.max(floor, seq);
        given.delete(seq);
      }
    try {
      await sleep(options.pollMs, undefined, { signal: options.signal });
    } catch {
      return;
    }
  }
}
