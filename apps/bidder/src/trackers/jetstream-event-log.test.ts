import { randomBytes } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { inTransaction } from '@rtb/db';
import { type LoggedEvent, loggedEvent, loggedOf, recordLoggedEvents } from '@rtb/delivery';
import { until } from '@rtb/operations/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidToken } from '../bid-token';
import { deleteEventStreams, withNats } from '../test/event-streams';
import { startTrackers, type TrackerFixture, trackerFixture } from '../test/tracker-fixture';
import { eventStreamOf } from './jetstream/event-stream';
import { DEFER_MS, JetStreamEventLog } from './jetstream/jetstream-event-log';
import { type PulledMessage, pullBatch } from './jetstream/pull-batch';
import { replayParked } from './jetstream/replay-parked';
import { bidEvent } from './tracking';

/**
 * The event log on NATS JetStream (decision 0029), with NATS_URL: a message folded twice (a
 * process died between its fold's commit and its ack) counts once, an event judged against one
 * another folder holds waits for it (until the grace period), and a message that cannot be folded
 * is parked and replayed. Each test drives a log of its own (no folder loop racing it) over the
 * fixture's database; "another folder" is the test pulling from the same consumer.
 */
describe.runIf(process.env.NATS_URL)('the event log on JetStream', () => {
  let f: TrackerFixture;
  beforeAll(async () => {
    f = await trackerFixture();
  });
  afterAll(() => f.close());

  const count = async (query: ReturnType<typeof sql>) =>
    Number((await f.rows<{ n: unknown }>(query))[0]?.n ?? 0);
  const decode = (message: PulledMessage) =>
    loggedOf<unknown>(JSON.parse(new TextDecoder().decode(message.data)));
  const gross = () =>
    count(sql`
      select sum((details->>'mediaMicros')::bigint + (details->>'marginMicros')::bigint
                 + (details->>'commissionMicros')::bigint) as n
      from ledger_transactions where type = 'spend'`);
  const impression = (bid: BidToken): LoggedEvent =>
    loggedEvent(
      bidEvent(bid, {
        kind: 'impression',
        source: 'burl',
        occurredAt: new Date(),
        clearingMicros: 1_000,
        costMicros: 1_500,
        marginMicros: 100,
        commissionMicros: 200,
      }),
    );
  const ofKind = (bid: BidToken, kind: 'render' | 'click', source: 'pixel' | 'click') =>
    loggedEvent(bidEvent(bid, { kind, source, occurredAt: new Date() }));

  /** A log of the test's own on a stream of its own, and a connection to pull from its consumer. */
  async function withLog(
    work: (it: {
      log: JetStreamEventLog<unknown>;
      /** Pulls as another folder would, holding the messages until the test answers them. */
      hold: (batch: number) => Promise<PulledMessage[]>;
      nc: NatsConnection;
      stream: string;
    }) => Promise<void>,
    graceMs = 30_000,
  ) {
    const stream = `T_${randomBytes(6).toString('hex')}`;
    const log = await JetStreamEventLog.open<unknown>({
      url: process.env.NATS_URL as string,
      stream,
      deps: f.t.deps,
      graceMs,
      publishTimeoutMs: 2_000,
      watcher: { published() {}, publishFailed() {}, deferred() {}, parked() {}, connectionError() {} },
    });
    try {
      await withNats((nc) =>
        work({ log, hold: (batch) => pullBatch(nc, eventStreamOf(stream), batch), nc, stream }),
      );
    } finally {
      await log.close();
      await deleteEventStreams(stream);
    }
  }

  it('counts once the messages of a fold that committed and died before its ack, and copies folded again', async () => {
    const bids = Array.from({ length: 3 }, () => f.bid());
    const before = await gross();
    await withLog(async ({ log, hold, nc }) => {
      expect(await log.append(bids.map(impression))).toEqual([true, true, true]);
      // Another process's fold: it records the messages, then dies before its acks.
      const held = await hold(10);
      expect(held).toHaveLength(3);
      await inTransaction(f.t.deps, (tx) => recordLoggedEvents(tx, held.map(decode)));
      for (const message of held) message.nak();
      await nc.flush();
      const again = await log.fold(10);
      expect(again.folded.map((e) => e.recorded.recorded)).toEqual([false, false, false]);
      // The same messages once more (copies under new ids), folded again.
      const js = jetstream(nc);
      for (const [i, message] of held.entries())
        await js.publish(message.subject, message.data, { msgID: `copy-${i}` });
      expect((await log.fold(10)).folded.map((e) => e.recorded.recorded)).toEqual([false, false, false]);
      // The acks reach the work queue's stream a moment after the fold returns.
      await until(async () => (await log.waiting()) === 0, 'the folded copies acked', 5_000);
    });
    for (const bid of bids) expect(await f.eventsOf(bid.bid)).toHaveLength(1);
    expect((await gross()) - before).toBe(3 * 1_500);
    expect(
      await count(sql`select sum(impressions) as n from stats_hourly where campaign_id = ${f.campaignId}`),
    ).toBe(await count(sql`select count(*) as n from delivery_events where kind = 'impression'`));
  });

  // With other events waiting the fold asks for the render by its subject, else it lists the renders waiting.
  it.each([0, 30])(
    'puts a click back while the render another folder holds is not recorded, and counts it after (%i others waiting)',
    async (others) => {
      const bid = f.bid();
      await withLog(async ({ log, hold }) => {
        await log.append([ofKind(bid, 'render', 'pixel')]);
        const held = await hold(10);
        await log.append([ofKind(bid, 'click', 'click')]);
        await log.append(Array.from({ length: others }, () => ofKind(f.bid(), 'render', 'pixel')));
        expect(await log.fold(1)).toMatchObject({ claimed: 1, folded: [], deferred: 1 });
        // The other folder commits the render and acks it: the click comes back and counts.
        await inTransaction(f.t.deps, (tx) => recordLoggedEvents(tx, held.map(decode)));
        for (const message of held) message.ack();
        const click = await foldClick(log);
        expect(click.recorded.invalidReason).toBe(null);
      });
    },
  );

  it('folds a click past the grace period though its render is still held (as without one)', async () => {
    const bid = f.bid();
    await withLog(async ({ log, hold }) => {
      await log.append([ofKind(bid, 'render', 'pixel')]);
      const held = await hold(10);
      // The other folder goes on working on it (past the consumer's ack wait, the grace period here).
      const working = setInterval(() => {
        for (const message of held) message.working();
      }, 200);
      try {
        await log.append([ofKind(bid, 'click', 'click')]);
        const click = await foldClick(log);
        expect(click.recorded.invalidReason).toBe('no_impression');
      } finally {
        clearInterval(working);
      }
      for (const message of held) message.nak();
    }, 1_000);
  });

  it('parks a message whose fold fails alone three times, folds the others past it, and replays it', async () => {
    const bids = Array.from({ length: 4 }, () => f.bid());
    const poisoned = bids[0]?.bid as string;
    const restore = await f.failInserts('delivery_events', poisoned);
    await withLog(async ({ log, nc, stream }) => {
      const jsm = await jetstreamManager(nc);
      const parked = async () => (await jsm.streams.info(eventStreamOf(stream).parked)).state.messages;
      try {
        await log.append(bids.map(impression));
        await expect(log.fold(10)).rejects.toThrow('could not be folded');
        for (let i = 0; i < 3; i++) await expect(log.fold(1)).rejects.toThrow('could not be folded');
        expect(await parked()).toBe(1);
        expect((await log.fold(10)).folded).toHaveLength(3);
        await until(async () => (await log.waiting()) === 0, 'the folded messages acked', 5_000);
      } finally {
        await restore();
      }
      expect(await replayParked(nc, stream)).toBe(1);
      expect(await parked()).toBe(0);
      expect((await log.fold(10)).folded.map((e) => e.recorded.recorded)).toEqual([true]);
    });
    for (const bid of bids) expect(await f.eventsOf(bid.bid)).toHaveLength(1);
  });

  it("reports the stream's appends and what waits in it", async () => {
    /** A gauge's value, or a histogram's count. */
    const value = async (name: string) => {
      const metric = await f.registry.getSingleMetric(name)?.get();
      const values = (metric?.values ?? []) as { value: number; metricName?: string }[];
      return values.find((v) => v.metricName === undefined || v.metricName === `${name}_count`)?.value;
    };
    const published = (await value('rtb_nats_publish_duration_seconds')) ?? 0;
    expect((await f.request({ method: 'GET', url: `/rtb/bill?t=${f.sign(f.bid())}&p=1` })).statusCode).toBe(
      200,
    );
    expect(await value('rtb_nats_publish_duration_seconds')).toBe(published + 1);
    expect(await value('rtb_event_log_waiting')).toBe(0);
  });

  it('gives back at close what a failed fold held, for another process to fold once', async () => {
    const closing = await startTrackers(f.t);
    const restore = await f.failInserts('stats_hourly');
    const bids = Array.from({ length: 4 }, () => f.bid());
    try {
      for (const bid of bids)
        expect(
          (await closing.request({ method: 'GET', url: `/rtb/bill?t=${f.sign(bid)}&p=1` })).statusCode,
        ).toBe(200);
      await expect(closing.folded()).rejects.toThrow('could not be folded');
    } finally {
      await closing.close();
      await restore();
    }
    await f.folded();
    // On JetStream the acks reach the stream a moment after the fold returns.
    await until(async () => (await f.waiting()) === 0, 'the folded events acked', 5_000);
    for (const bid of bids) expect(await f.eventsOf(bid.bid)).toHaveLength(1);
  });

  /** Folds until the click is folded (an event put back comes again after `DEFER_MS`). */
  async function foldClick(log: JetStreamEventLog<unknown>) {
    for (let i = 0; i < 200; i++) {
      const click = (await log.fold(10)).folded.find((e) => e.logged.event.kind === 'click');
      if (click) return click;
      await new Promise((resolve) => setTimeout(resolve, DEFER_MS));
    }
    throw new Error('the click was not folded');
  }
});
