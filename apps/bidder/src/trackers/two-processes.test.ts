import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTrackers, type TrackerFixture, trackerFixture } from '../test/tracker-fixture';

/**
 * Two bidder processes (two commit queues, each with its own transactions) on one PostgreSQL
 * database: PGlite has one connection, so this runs only against the server (DATABASE_URL).
 */
describe.runIf(process.env.DATABASE_URL)('two trackers on one database', () => {
  let f: TrackerFixture;
  let other: Awaited<ReturnType<typeof startTrackers>>;
  beforeAll(async () => {
    f = await trackerFixture();
    other = await startTrackers(f.t, { commitWaitMs: 1, commitMaxEvents: 7 });
  });
  afterAll(async () => {
    await other.close();
    await f.close();
  });

  const waiting = () => f.waiting();

  it('count every notice once when both receive it at the same time', async () => {
    const bids = Array.from({ length: 30 }, () => f.bid());
    const headers = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
    };
    const send = (url: string) =>
      Promise.all([
        f.request({ method: 'GET', url, headers }),
        other.request({ method: 'GET', url, headers }),
      ]);
    const answers = await Promise.all(
      bids.flatMap((bid, i) => {
        const t = f.notice(bid);
        const click = f.browser({ ...bid, url: 'https://demo-shop.example.com/' });
        const p = (0.5 + i / 100).toFixed(2);
        return [
          send(`/rtb/win?t=${t}&p=${p}`),
          send(`/rtb/bill?t=${t}&p=${p}`),
          send(`/rtb/imp?t=${f.browser(bid)}`),
        ].concat(i % 2 ? [send(`/rtb/click?t=${click}`).then(() => send(`/rtb/click?t=${click}`))] : []);
      }),
    );
    // A loss notice after the win of the same bid frees nothing, whichever process takes it.
    answers.push(...(await Promise.all(bids.map((bid) => send(`/rtb/loss?t=${f.notice(bid)}`)))));
    expect(new Set(answers.flat().map((a) => a.statusCode)).has(503)).toBe(false);
    // Each process folds its own rows; an event judged against another's waits for it.
    for (let round = 0; round < 50 && (await waiting()) > 0; round++)
      await Promise.all([f.folded(), other.folded()]);
    expect(await waiting()).toBe(0);
    const counts = await f.rows<{ kind: string; invalid_reason: string | null; n: string | number }>(sql`
      select kind, invalid_reason, count(*) as n from delivery_events group by kind, invalid_reason order by kind, invalid_reason`);
    expect(counts.map((c) => [c.kind, c.invalid_reason, Number(c.n)])).toEqual([
      ['click', 'repeated_click', 15 * 3],
      ['click', null, 15],
      ['impression', null, 30],
      ['loss', 'loss_after_win', 30],
      ['render', null, 30],
      ['win', null, 30],
    ]);
    const [billed] = await f.rows(sql`
      select sum(cost_micros) as gross from delivery_events where kind = 'impression'`);
    const [posted] = await f.rows(sql`
      select sum((details->>'mediaMicros')::bigint + (details->>'marginMicros')::bigint
                 + (details->>'commissionMicros')::bigint) as gross
      from ledger_transactions where type = 'spend'`);
    const [rollup] = await f.rows(
      sql`select sum(impressions) as n, sum(spend_micros) as gross, sum(clicks) as clicks from stats_hourly`,
    );
    expect([Number(posted?.gross), Number(rollup?.n), Number(rollup?.gross), Number(rollup?.clicks)]).toEqual(
      [Number(billed?.gross), 30, Number(billed?.gross), 15],
    );
  });
});
