import type { DeliveryEventInput, RecordedEvent } from '@rtb/delivery';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommitQueue, CommitUnavailableError } from './commit-queue';

const event = (bidId: string): DeliveryEventInput => ({
  kind: 'win',
  source: 'nurl',
  occurredAt: new Date(),
  advertiserId: 1,
  bidId,
});
const answer = (events: DeliveryEventInput[]): RecordedEvent[] =>
  events.map((e) => ({ eventKey: `win:${e.bidId}`, recorded: true, invalidReason: null, attribution: null }));

/** A commit that records its batches and can be held open or made to fail. */
function committer() {
  const batches: string[][] = [];
  let failures = 0;
  let gate: Promise<void> | null = null;
  return {
    batches,
    failNext(n: number) {
      failures = n;
    },
    /** Commits wait until the returned function is called. */
    hold() {
      let open = () => {};
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      return () => {
        gate = null;
        open();
      };
    },
    async commit(events: DeliveryEventInput[]) {
      if (failures > 0) {
        failures--;
        throw new Error('database down');
      }
      batches.push(events.map((e) => e.bidId as string));
      if (gate) await gate;
      return answer(events);
    },
  };
}

const log = Fastify({ logger: false }).log;

describe('the group commit queue', () => {
  it('commits a full batch at once and the rest when its wait is over, answering each in its order', async () => {
    const c = committer();
    const queue = new CommitQueue<DeliveryEventInput, RecordedEvent>({
      commit: (e) => c.commit(e),
      maxEvents: 3,
      waitMs: 20,
      timeoutMs: 100,
      log,
      name: 'test events',
    });
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((id) => queue.record(event(id))));
    expect(answers.map((a) => a.eventKey)).toEqual(['win:a', 'win:b', 'win:c', 'win:d']);
    expect(c.batches).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('keeps one batch in flight; what arrives meanwhile is the next batch', async () => {
    const c = committer();
    const queue = new CommitQueue<DeliveryEventInput, RecordedEvent>({
      commit: (e) => c.commit(e),
      maxEvents: 100,
      waitMs: 1,
      timeoutMs: 100,
      log,
      name: 'test events',
    });
    const release = c.hold();
    const first = queue.record(event('a'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = ['b', 'c', 'd'].map((id) => queue.record(event(id)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(c.batches).toEqual([['a']]);
    release();
    await Promise.all([first, ...later]);
    expect(c.batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('retries a failing batch, then gives up with CommitUnavailableError', async () => {
    const c = committer();
    const queue = new CommitQueue<DeliveryEventInput, RecordedEvent>({
      commit: (e) => c.commit(e),
      maxEvents: 10,
      waitMs: 1,
      timeoutMs: 200,
      log,
      name: 'test events',
    });
    c.failNext(2);
    expect(await queue.record(event('a'))).toMatchObject({ recorded: true });
    c.failNext(1_000);
    await expect(queue.record(event('b'))).rejects.toBeInstanceOf(CommitUnavailableError);
    expect(c.batches).toEqual([['a']]);
  });

  it('commits what waits when closed', async () => {
    const c = committer();
    const queue = new CommitQueue<DeliveryEventInput, RecordedEvent>({
      commit: (e) => c.commit(e),
      maxEvents: 10,
      waitMs: 60_000,
      timeoutMs: 100,
      log,
      name: 'test events',
    });
    const pending = queue.record(event('a'));
    await queue.close();
    expect(await pending).toMatchObject({ eventKey: 'win:a' });
  });

  describe('under a database outage (fake clock)', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const failing = (commit: (events: DeliveryEventInput[]) => Promise<RecordedEvent[]>, limit?: number) =>
      new CommitQueue<DeliveryEventInput, RecordedEvent>({
        commit,
        maxEvents: 10,
        waitMs: 1,
        timeoutMs: 1_000,
        ...(limit === undefined ? {} : { limit }),
        log,
        name: 'test events',
      });
    /** When each event's answer came (ms of the fake clock), or null while it waits. */
    const watch = (answer: Promise<unknown>, started: number) => {
      const seen = { at: null as number | null, error: null as unknown };
      answer.catch((error) => {
        seen.at = Date.now() - started;
        seen.error = error;
      });
      return seen;
    };

    it('answers each event 503 at its own deadline, not behind the batch being retried', async () => {
      const start = Date.now();
      const queue = failing(async () => {
        throw new Error('database down');
      });
      const first = watch(queue.record(event('a')), start);
      await vi.advanceTimersByTimeAsync(500);
      const second = watch(queue.record(event('b')), start);
      await vi.advanceTimersByTimeAsync(499);
      expect([first.at, second.at]).toEqual([null, null]);
      await vi.advanceTimersByTimeAsync(1);
      expect(first.at).toBe(1_000);
      expect(second.at).toBeNull();
      await vi.advanceTimersByTimeAsync(500);
      expect(second.at).toBe(1_500);
      expect(second.error).toMatchObject({ why: 'timeout' });
      expect(queue.healthy()).toBe(false);
    });

    it('answers 503 at the deadline even when the commit hangs (a frozen database)', async () => {
      let unfreeze = () => {};
      const queue = failing(
        () =>
          new Promise((_, reject) => {
            unfreeze = () => reject(new Error('connection dropped'));
          }),
      );
      const start = Date.now();
      const first = watch(queue.record(event('a')), start);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(first.at).toBe(1_000);
      // The next batch waits for the hung one to end: one transaction at a time.
      const second = watch(queue.record(event('b')), start);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(second.at).toBe(2_000);
      unfreeze();
    });

    it('stops taking events past its limit, at once', async () => {
      const queue = failing(() => new Promise(() => {}), 2);
      const start = Date.now();
      watch(queue.record(event('a')), start);
      watch(queue.record(event('b')), start);
      const third = watch(queue.record(event('c')), start);
      await vi.advanceTimersByTimeAsync(0);
      expect(third.at).toBe(0);
      expect(third.error).toMatchObject({ why: 'queue_full' });
      expect(queue.depth).toBe(2);
    });

    it('is healthy again once a commit succeeds', async () => {
      let fail = true;
      const queue = failing(async (events) => {
        if (fail) throw new Error('database down');
        return answer(events);
      });
      watch(queue.record(event('a')), Date.now());
      await vi.advanceTimersByTimeAsync(999);
      expect(queue.healthy()).toBe(true);
      await vi.advanceTimersByTimeAsync(2);
      expect(queue.healthy()).toBe(false);
      fail = false;
      const next = queue.record(event('b'));
      await vi.advanceTimersByTimeAsync(10);
      await expect(next).resolves.toMatchObject({ recorded: true });
      expect(queue.healthy()).toBe(true);
    });
  });
});
