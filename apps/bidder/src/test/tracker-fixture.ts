import { randomBytes, randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '@rtb/api/test-harness';
import { createCampaign, insertBanner, todayOf, validCampaign } from '@rtb/api/test-helpers/campaigns';
import { advertisers, demoAccounts, selectRows } from '@rtb/db';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { Registry } from 'prom-client';
import { expect } from 'vitest';
import { MemoryProfileStore } from '../audiences/memory-profile-store';
import { type BidToken, BidTokens } from '../bid-token';
import { MemoryBudgetStore } from '../budget/memory-budget-store';
import type { BidderConfig } from '../config';
import { BidderMetrics } from '../metrics/bidder-metrics';
import { createProductCatalogue } from '../products/create-catalogue';
import { registerTrackers } from '../trackers/register-trackers';
import { testBidderConfig } from './bidder-config';
import { deleteEventStreams, testEventStream } from './event-streams';

/** A bidder's trackers over one app's database: a Fastify of their own, tokens, a memory store, a clock. */
export async function startTrackers(t: TestApp, change: Partial<BidderConfig> = {}) {
  // A notice's time counts from when it came, waiting behind other batches included: room for a
  // loaded machine, short enough for the outage tests.
  const config = testBidderConfig({
    commitTimeoutMs: 2_000,
    natsStream: testEventStream(t.database),
    ...change,
  });
  const app: FastifyInstance = Fastify();
  const store = new MemoryBudgetStore();
  const profiles = new MemoryProfileStore();
  const clock = { now: Date.now() };
  const catalogue = createProductCatalogue(t.deps, config.catalogueMaxProducts, app.log);
  const registry = new Registry();
  const trackers = await registerTrackers(app, {
    deps: t.deps,
    tokens: new BidTokens(config.signingKey),
    store,
    profiles,
    catalogue,
    config,
    log: app.log,
    now: () => new Date(clock.now),
    metrics: new BidderMetrics(registry),
  });
  return {
    app,
    store,
    /** The trackers' metrics. */
    registry,
    profiles,
    clock,
    /** Answers once the request's event (if any) is folded too: what the database and the store then hold is its. */
    async request(options: InjectOptions) {
      const answer = await app.inject(options);
      // A fold that fails (a test stopping the database) leaves its events in the log.
      await trackers.folded().catch(() => {});
      return answer;
    },
    folded: () => trackers.folded(),
    /** Events in the event log waiting to be folded (the table's rows, or the stream's messages). */
    waiting: () => trackers.waiting(),
    /** What /readyz would say of the event log (NATS unreachable), or null. */
    logProblem: () => trackers.logProblem(),
    async close() {
      await trackers.close();
      await app.close();
      catalogue.close();
    },
  };
}

/**
 * The demo data with a campaign of Demo Shop (10% margin, 15% commission in its tokens), 1,000.00
 * PLN on its balance, and the trackers on top.
 */
export async function trackerFixture(change: Partial<BidderConfig> = {}) {
  const t = await createTestApp({ demo: true });
  const [shop] = await t.database.db.select().from(advertisers).where(eq(advertisers.name, 'Demo Shop'));
  if (!shop) throw new Error('no Demo Shop');
  const today = await todayOf(t, shop.id);
  const bannerId = await insertBanner(t, shop.id);
  const token = await t.loginAs(
    'advertiser',
    demoAccounts.advertiser.login,
    demoAccounts.advertiser.password,
  );
  const campaign = await createCampaign(
    t,
    token,
    validCampaign(today, { name: 'Trackers', bannerIds: [bannerId] }),
  );
  const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  const topUp = await t.call({
    method: 'POST',
    url: `/api/admin/advertisers/${shop.id}/top-ups`,
    token: admin,
    headers: { 'idempotency-key': randomUUID() },
    payload: { type: 'manual_top_up', amount: 100_000, reason: 'Funds' },
  });
  expect(topUp.status, JSON.stringify(topUp.body)).toBeLessThan(300);
  const trackers = await startTrackers(t, change);
  const tokens = new BidTokens(testBidderConfig().signingKey);
  const campaignId = campaign.id;

  /** A bid of the campaign: CPM 2.00 PLN (2,000 micro-units an impression), 10% margin, 15% commission. */
  const bid = (change: Partial<BidToken> = {}): BidToken => ({
    bid: randomBytes(16).toString('base64url'),
    adv: shop.id,
    cmp: campaignId,
    crt: bannerId,
    ts: Date.now(),
    day: today,
    cur: 'PLN',
    max: 2_000,
    fx: '100000000',
    acur: 'PLN',
    mbps: 1_000,
    cbps: 1_500,
    res: 2_667,
    usr: null,
    geo: 'PL',
    dev: 'desktop',
    dom: 'news.example',
    fq: null,
    fqx: 0,
    test: false,
    ...change,
  });
  const rows = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    selectRows<T>(t.database.db, query);

  return {
    t,
    ...trackers,
    tokens,
    shopId: shop.id,
    agencyId: shop.agencyId as number,
    campaignId,
    bannerId,
    today,
    bid,
    /** A token of the format before `use`, which every route takes. */
    sign: (token: BidToken) => tokens.sign(token),
    /** The exchange's notice token and the browser's (pixel, clicks). */
    notice: (token: BidToken) => tokens.sign({ ...token, use: 'n' }),
    browser: (token: BidToken) => tokens.sign({ ...token, use: 'b' }),
    /** A budget key of the shop's named `name` (every key of the store names its advertiser). */
    scopeKey: (name: string) => `b:{a${shop.id}}:${name}`,
    /** Reserves what the bid may cost under a key of its own (observed first, as the live index does). */
    async reserve(token: BidToken, name: string) {
      const key = `b:{a${token.adv}}:${name}`;
      const [reading] = await trackers.store.observe([{ key }]);
      const scope = { key, limitMicros: 1e9, generation: reading?.generation as string };
      return trackers.store.reserve(token.bid, [scope], token.res, 60_000);
    },
    rows,
    /**
     * Makes inserts into `table` fail (those of `bidId` only, when given), as a broken database
     * would; answers the undo.
     */
    async failInserts(table: string, bidId?: string) {
      const name = `fail_${table}`;
      const when = bidId ? `if new.bid_id = '${bidId.replace(/'/g, "''")}' then ` : '';
      await t.database.db.execute(
        sql.raw(`create function ${name}() returns trigger language plpgsql as $$
          begin ${when}raise exception '${table} unavailable';${when ? ' end if;' : ''} return new; end; $$`),
      );
      await t.database.db.execute(
        sql.raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`),
      );
      return async () => {
        await t.database.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
        await t.database.db.execute(sql.raw(`drop function ${name}`));
      };
    },
    /** Folds what the trackers appended (throws when a fold fails). */
    folded: () => trackers.folded(),
    /** The delivery events of a bid (cost as a number: PostgreSQL sends bigints as text). */
    eventsOf: async (bidId: string) =>
      (
        await rows<{
          kind: string;
          invalid_reason: string | null;
          source: string;
          cost_micros: string | number;
        }>(
          sql`select kind, invalid_reason, source, cost_micros from delivery_events where bid_id = ${bidId} order by kind`,
        )
      ).map((row) => ({ ...row, cost_micros: Number(row.cost_micros) })),
    async close() {
      await trackers.close();
      await deleteEventStreams(change.natsStream ?? testEventStream(t.database), change.natsUrl ?? undefined);
      await t.close();
    },
  };
}

export type TrackerFixture = Awaited<ReturnType<typeof trackerFixture>>;
