import { natsServerAvailable, type PrivateNats, startPrivateNats, until } from '@rtb/operations/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TrackerFixture, trackerFixture } from '../test/tracker-fixture';

/**
 * The event log on a NATS server of the test's own, stopped (SIGKILL) and started again: notices
 * acknowledged before stay in its store and are folded once; while it is down notices get 503
 * and nothing of theirs is counted; their retries then count once.
 */
describe.runIf(natsServerAvailable())('the trackers when NATS stops', () => {
  let nats: PrivateNats;
  let f: TrackerFixture;
  beforeAll(async () => {
    nats = await startPrivateNats();
    f = await trackerFixture({ natsUrl: nats.url, natsStream: 'RTB_EVENTS' });
  });
  afterAll(async () => {
    await f?.close();
    await nats?.destroy();
  });

  const bill = (bid: ReturnType<TrackerFixture['bid']>) =>
    f.app.inject({ method: 'GET', url: `/rtb/bill?t=${f.sign(bid)}&p=1` });
  const impressions = async () =>
    Number(
      (
        await f.rows<{ n: unknown }>(sql`select count(*) as n from delivery_events where kind = 'impression'`)
      )[0]?.n,
    );

  it('keeps what it acknowledged, answers 503 while down, and counts every event once after', async () => {
    // Acknowledged, not folded (the database refuses the rollups): only the stream has them.
    const restore = await f.failInserts('stats_hourly');
    const acknowledged = Array.from({ length: 5 }, () => f.bid());
    for (const bid of acknowledged) expect((await bill(bid)).statusCode).toBe(200);
    expect(await impressions()).toBe(0);

    await nats.stop();
    await until(() => f.logProblem() !== null, 'the lost connection seen');
    const refused = Array.from({ length: 3 }, () => f.bid());
    const answers = await Promise.all(refused.map(bill));
    expect(answers.map((a) => [a.statusCode, a.headers['x-rtb-reason']])).toEqual(
      Array(3).fill([503, 'unavailable']),
    );

    await nats.start();
    await restore();
    await until(() => f.logProblem() === null, 'the connection back', 30_000);
    await until(
      async () => {
        await f.folded().catch(() => {});
        return (await impressions()) === 5;
      },
      'the acknowledged events folded',
      30_000,
    );
    for (const bid of refused) expect(await f.eventsOf(bid.bid)).toEqual([]);

    // The exchange retries every notice: each counts once.
    for (const bid of [...acknowledged, ...refused]) expect((await bill(bid)).statusCode).toBe(200);
    await f.folded();
    // On JetStream the acks reach the stream a moment after the fold returns.
    await until(async () => (await f.waiting()) === 0, 'the folded events acked', 5_000);
    for (const bid of [...acknowledged, ...refused]) expect(await f.eventsOf(bid.bid)).toHaveLength(1);
    const [rollup] = await f.rows<{ n: unknown }>(
      sql`select sum(impressions) as n from stats_hourly where campaign_id = ${f.campaignId}`,
    );
    expect(Number(rollup?.n)).toBe(8);
  });
});
