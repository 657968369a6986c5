import type { DeliveryEventInput, RecordedEvent } from '@rtb/api/delivery';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
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
      retryForMs: 100,
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
      retryForMs: 100,
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
      retryForMs: 200,
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
      retryForMs: 100,
      log,
      name: 'test events',
    });
    const pending = queue.record(event('a'));
    await queue.close();
    expect(await pending).toMatchObject({ eventKey: 'win:a' });
  });
});
