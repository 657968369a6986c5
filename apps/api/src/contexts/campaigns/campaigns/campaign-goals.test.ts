import { campaignGoalOf, campaigns, demoAccounts } from '@rtb/db';
import { loadActiveCampaigns } from '@rtb/delivery';
import { goalBidCpmMicros, type CampaignGoal as RtbCampaignGoal } from '@rtb/rtb';
import {
  type CampaignBidGoal,
  type CampaignBodyInput,
  campaignBidGoal,
  campaignResponse,
  type ErrorCode,
} from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activityOf } from '../../organisations/organisations/test-helpers';
import { organisationId } from '../../organisations/organisations/test-users';
import { createCampaign, insertBanner, setCampaignStatus, todayOf, validCampaign } from './test-helpers';

const base = '/api/advertiser/campaigns';

let t: TestApp;
let shop: string;
let solo: string;
let agency: string;
let ids: { shop: number; solo: number };
let today: string;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  ids = {
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
  };
  today = await todayOf(t, ids.shop);
});
afterAll(() => t.close());

/** A valid campaign of Demo Shop with this goal and maximum CPM (none: the body leaves it out). */
const withGoal = (goal: unknown, maxCpm?: number | null) => {
  const { maxCpm: _maxCpm, ...body } = validCampaign(today);
  return { ...body, goal, ...(maxCpm === undefined ? {} : { maxCpm }) } as CampaignBodyInput;
};

/** The field errors of a refused form, by code (the web translates them by these). */
async function issuesOf(payload: object): Promise<Record<string, ErrorCode[]>> {
  const res = await t.call({ method: 'POST', url: base, token: shop, payload });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.error).toBe('validation.failed');
  expect(Object.keys(res.body.issues)).toEqual(Object.keys(res.body.errors));
  return Object.fromEntries(
    Object.entries(res.body.issues as Record<string, { code: ErrorCode }[]>).map(([field, issues]) => [
      field,
      issues.map((issue) => issue.code),
    ]),
  );
}

describe('each goal round-trips', () => {
  it('keeps a body without a goal (today’s clients) a max-CPM campaign', async () => {
    const created = await createCampaign(t, shop, validCampaign(today, { maxCpm: 300 }));
    expect(created).toMatchObject({ goal: { kind: 'maxCpm' }, maxCpm: 300 });
  });

  it('reads a campaign written before goals (the migration’s default) as a max-CPM campaign', async () => {
    const [row] = await t.database.db
      .insert(campaigns)
      .values({ advertiserId: ids.shop, name: 'Older', startDate: today, dailyBudget: 5_000, maxCpm: 450 })
      .returning({ id: campaigns.id });
    const read = await t.call({ method: 'GET', url: `${base}/${row?.id}`, token: shop });
    expect(read.body.data.campaign).toMatchObject({ goal: { kind: 'maxCpm' }, maxCpm: 450 });
  });

  it('creates, reads, lists and logs each kind, with and without a ceiling', async () => {
    const goals = [
      [{ kind: 'maxCpm' }, 250],
      [{ kind: 'targetCpc', targetCpcMicros: 350_000 }, null],
      [{ kind: 'targetCpc', targetCpcMicros: 1_000_000_000 }, 2_000],
      [{ kind: 'targetCpa', targetCpaMicros: 25_000_000 }, 800],
      [{ kind: 'targetCpa', targetCpaMicros: 100_000_000_000 }, null],
      [{ kind: 'targetRoas', targetRoasBps: 40_000 }, null],
      [{ kind: 'targetRoas', targetRoasBps: 100 }, 100],
    ] as const;
    for (const [goal, maxCpm] of goals) {
      const res = await t.call({ method: 'POST', url: base, token: shop, payload: withGoal(goal, maxCpm) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(campaignResponse.safeParse(res.body).success).toBe(true);
      const created = res.body.data.campaign;
      expect(created).toMatchObject({ goal, maxCpm });
      const read = await t.call({ method: 'GET', url: `${base}/${created.id}`, token: shop });
      expect(read.body.data.campaign).toEqual(created);
      const list = await t.call({ method: 'GET', url: `${base}?search=Spring&perPage=100`, token: shop });
      expect(list.body.data.campaigns.elements).toContainEqual(
        expect.objectContaining({ id: created.id, goal, maxCpm }),
      );
      const [log] = await activityOf(t, 'campaign', created.id);
      expect(log?.changes).toMatchObject({ after: { goalKind: goal.kind, maxCpm } });
    }
  });

  it('changes from one goal to another on PUT, the old target gone', async () => {
    const created = await createCampaign(
      t,
      shop,
      withGoal({ kind: 'targetCpa', targetCpaMicros: 30_000_000 }),
    );
    expect(created).toMatchObject({ maxCpm: null });
    const put = (payload: object) =>
      t.call({ method: 'PUT', url: `${base}/${created.id}`, token: shop, payload });
    const roas = await put(withGoal({ kind: 'targetRoas', targetRoasBps: 55_000 }, 900));
    expect(roas.status, JSON.stringify(roas.body)).toBe(200);
    expect(roas.body.data.campaign).toMatchObject({
      goal: { kind: 'targetRoas', targetRoasBps: 55_000 },
      maxCpm: 900,
    });
    const back = await put(withGoal({ kind: 'maxCpm' }, 400));
    expect(back.body.data.campaign).toMatchObject({ goal: { kind: 'maxCpm' }, maxCpm: 400 });
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, created.id));
    expect(row).toMatchObject({
      goalKind: 'maxCpm',
      goalTargetMicros: null,
      goalTargetRoasBps: null,
      maxCpm: 400,
    });
    const log = (await activityOf(t, 'campaign', created.id)).at(-1);
    expect(log?.changes).toMatchObject({
      before: { goalKind: 'targetRoas', goalTargetRoasBps: 55_000 },
      after: { goalKind: 'maxCpm', goalTargetRoasBps: null },
    });
  });

  it('is copied by a duplicate', async () => {
    const created = await createCampaign(
      t,
      shop,
      withGoal({ kind: 'targetCpc', targetCpcMicros: 420_000 }, 700),
    );
    const copy = await t.call({
      method: 'POST',
      url: `${base}/${created.id}/duplicate`,
      token: shop,
      headers: { 'idempotency-key': `copy-${created.id}` },
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body.data.campaign).toMatchObject({
      goal: { kind: 'targetCpc', targetCpcMicros: 420_000 },
      maxCpm: 700,
    });
  });
});

describe('each goal’s validation', () => {
  it('max CPM: needs its price, at least the configured minimum', async () => {
    expect(await issuesOf(withGoal({ kind: 'maxCpm' }))).toEqual({ maxCpm: ['campaigns.amount_positive'] });
    expect(await issuesOf(withGoal({ kind: 'maxCpm' }, null))).toEqual({
      maxCpm: ['campaigns.amount_positive'],
    });
    expect(await issuesOf(withGoal({ kind: 'maxCpm' }, 99))).toEqual({
      maxCpm: ['campaigns.bid_below_minimum'],
    });
    expect(await issuesOf(withGoal({ kind: 'maxCpm' }, 0))).toEqual({
      maxCpm: ['campaigns.amount_positive'],
    });
    // A target with it is not the max-CPM goal's: left out.
    const created = await createCampaign(t, shop, withGoal({ kind: 'maxCpm', targetCpcMicros: 5 }, 100));
    expect(created.goal).toEqual({ kind: 'maxCpm' });
  });

  it('target CPC: a whole number of micro-units above zero, at most 1,000.00', async () => {
    const cpc = (targetCpcMicros?: unknown) => withGoal({ kind: 'targetCpc', targetCpcMicros });
    expect(await issuesOf(cpc())).toEqual({ 'goal.targetCpcMicros': ['validation.required'] });
    expect(await issuesOf(cpc(0))).toEqual({ 'goal.targetCpcMicros': ['campaigns.amount_positive'] });
    expect(await issuesOf(cpc(-350_000))).toEqual({ 'goal.targetCpcMicros': ['campaigns.amount_positive'] });
    expect(await issuesOf(cpc(350_000.5))).toEqual({ 'goal.targetCpcMicros': ['campaigns.micros_whole'] });
    expect(await issuesOf(cpc('350000'))).toEqual({ 'goal.targetCpcMicros': ['validation.invalid'] });
    expect(await issuesOf(cpc(1_000_000_001))).toEqual({
      'goal.targetCpcMicros': ['campaigns.target_cpc_too_large'],
    });
  });

  it('target CPA: a whole number of micro-units above zero, at most 100,000.00', async () => {
    const cpa = (targetCpaMicros?: unknown) => withGoal({ kind: 'targetCpa', targetCpaMicros });
    expect(await issuesOf(cpa())).toEqual({ 'goal.targetCpaMicros': ['validation.required'] });
    expect(await issuesOf(cpa(0))).toEqual({ 'goal.targetCpaMicros': ['campaigns.amount_positive'] });
    expect(await issuesOf(cpa(-1))).toEqual({ 'goal.targetCpaMicros': ['campaigns.amount_positive'] });
    expect(await issuesOf(cpa(0.1))).toEqual({ 'goal.targetCpaMicros': ['campaigns.micros_whole'] });
    expect(await issuesOf(cpa(100_000_000_001))).toEqual({
      'goal.targetCpaMicros': ['campaigns.target_cpa_too_large'],
    });
    // A CPC's field names no CPA.
    expect(await issuesOf(withGoal({ kind: 'targetCpa', targetCpcMicros: 25_000_000 }))).toEqual({
      'goal.targetCpaMicros': ['validation.required'],
    });
  });

  it('target ROAS: whole basis points from 1% to 100,000%', async () => {
    const roas = (targetRoasBps?: unknown) => withGoal({ kind: 'targetRoas', targetRoasBps });
    expect(await issuesOf(roas())).toEqual({ 'goal.targetRoasBps': ['validation.required'] });
    for (const bps of [0, -40_000, 99, 10_000_001, 40_000.5])
      expect(await issuesOf(roas(bps)), String(bps)).toEqual({
        'goal.targetRoasBps': ['campaigns.target_roas_range'],
      });
  });

  it('an outcome goal’s ceiling: optional, else an amount of at least the configured minimum CPM', async () => {
    const goal = { kind: 'targetCpa', targetCpaMicros: 25_000_000 };
    expect(await issuesOf(withGoal(goal, 99))).toEqual({ maxCpm: ['campaigns.bid_below_minimum'] });
    expect(await issuesOf(withGoal(goal, 0))).toEqual({ maxCpm: ['campaigns.amount_positive'] });
    expect(await issuesOf(withGoal(goal, 2.5))).toEqual({ maxCpm: ['campaigns.amount_positive'] });
    for (const ceiling of [undefined, null, 100])
      expect((await createCampaign(t, shop, withGoal(goal, ceiling))).maxCpm).toBe(ceiling ?? null);
  });

  it('an unknown kind, or no goal object, is refused', async () => {
    expect(await issuesOf(withGoal({ kind: 'targetCpm', targetCpmMicros: 1 }))).toEqual({
      'goal.kind': ['validation.invalid'],
    });
    expect(await issuesOf(withGoal({ targetCpcMicros: 1 }))).toEqual({ 'goal.kind': ['validation.invalid'] });
    expect(await issuesOf(withGoal('targetCpc', 250))).toEqual({ goal: ['validation.invalid'] });
  });
});

describe('a bulk change of the maximum CPM', () => {
  it('moves an outcome goal’s ceiling, or sets one, but cannot move a ceiling there is not', async () => {
    const capped = await createCampaign(
      t,
      shop,
      withGoal({ kind: 'targetCpc', targetCpcMicros: 500_000 }, 1_000),
    );
    const uncapped = await createCampaign(t, shop, withGoal({ kind: 'targetCpc', targetCpcMicros: 500_000 }));
    const preview = (change: object) =>
      t.call({
        method: 'POST',
        url: `${base}/bulk-edit/preview`,
        token: shop,
        payload: { ids: [capped.id, uncapped.id], change: { field: 'maxCpm', change } },
      });
    const raised = (await preview({ how: 'percent', percent: 10 })).body.data.campaignBulkEdit;
    expect(raised.changed).toEqual([capped.id]);
    expect(raised.campaigns[0].changes).toEqual([{ field: 'maxCpm', before: 1_000, after: 1_100 }]);
    expect(raised.campaigns[1].issues).toEqual({ maxCpm: [{ code: 'campaigns.no_max_cpm' }] });
    const set = (await preview({ how: 'set', amount: 600 })).body.data.campaignBulkEdit;
    expect(set.changed).toEqual([capped.id, uncapped.id]);
    expect(set.campaigns[1].changes).toEqual([{ field: 'maxCpm', before: null, after: 600 }]);
  });
});

describe('who may set a goal', () => {
  it('no advertiser sets another’s campaign goal, which stays as it was', async () => {
    const foreign = await createCampaign(
      t,
      solo,
      validCampaign(await todayOf(t, ids.solo), { name: 'Solo goal', maxCpm: 500 }),
    );
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${foreign.id}`,
      token: shop,
      payload: withGoal({ kind: 'targetCpa', targetCpaMicros: 1_000_000 }),
    });
    expect(res.status).toBe(404);
    const read = await t.call({ method: 'GET', url: `${base}/${foreign.id}`, token: solo });
    expect(read.body.data.campaign).toMatchObject({ goal: { kind: 'maxCpm' }, maxCpm: 500 });
  });

  it('an agency sets its advertiser’s goal only logged in as it, never another organisation’s', async () => {
    const own = await createCampaign(t, shop, validCampaign(today, { name: 'Agency goal' }));
    const foreign = await createCampaign(
      t,
      solo,
      validCampaign(await todayOf(t, ids.solo), { name: 'Not agency' }),
    );
    const payload = withGoal({ kind: 'targetRoas', targetRoasBps: 30_000 });
    for (const id of [own.id, foreign.id])
      for (const headers of [{ 'advertiser-id': String(ids.shop) }, { 'advertiser-id': String(ids.solo) }]) {
        const res = await t.call({ method: 'PUT', url: `${base}/${id}`, token: agency, headers, payload });
        expect(res.status, `${id} ${headers['advertiser-id']}`).toBe(403);
      }
    const login = await t.call({
      method: 'POST',
      url: `/api/agency/advertisers/${ids.shop}/auth`,
      token: agency,
    });
    const asShop = login.body.data.authToken as string;
    const foreignRes = await t.call({ method: 'PUT', url: `${base}/${foreign.id}`, token: asShop, payload });
    expect(foreignRes.status).toBe(404);
    const ownRes = await t.call({ method: 'PUT', url: `${base}/${own.id}`, token: asShop, payload });
    expect(ownRes.status, JSON.stringify(ownRes.body)).toBe(200);
    expect(ownRes.body.data.campaign.goal).toEqual({ kind: 'targetRoas', targetRoasBps: 30_000 });
    const read = await t.call({ method: 'GET', url: `${base}/${foreign.id}`, token: solo });
    expect(read.body.data.campaign.goal).toEqual({ kind: 'maxCpm' });
  });
});

describe('the database', () => {
  it('refuses a goal without its target, with another kind’s, or of no known kind', async () => {
    const row = { advertiserId: ids.shop, name: 'Broken', startDate: today, dailyBudget: 5_000 };
    const broken = [
      { goalKind: 'maxCpm', maxCpm: null },
      { goalKind: 'maxCpm', maxCpm: 250, goalTargetMicros: 1 },
      { goalKind: 'targetCpc', goalTargetMicros: null },
      { goalKind: 'targetCpa', goalTargetMicros: 0 },
      { goalKind: 'targetCpc', goalTargetMicros: 1, goalTargetRoasBps: 1 },
      { goalKind: 'targetRoas', goalTargetRoasBps: null },
      { goalKind: 'targetRoas', goalTargetRoasBps: 40_000, goalTargetMicros: 1 },
      { goalKind: 'targetCpm', goalTargetMicros: 1 },
    ];
    for (const goal of broken)
      await expect(
        t.database.db.insert(campaigns).values({ ...row, ...goal } as typeof campaigns.$inferInsert),
        JSON.stringify(goal),
      ).rejects.toThrow();
    await t.database.db
      .insert(campaigns)
      .values({ ...row, goalKind: 'targetRoas', goalTargetRoasBps: 40_000 });
  });
});

describe('what the bidder will price', () => {
  it('is the stored goal as packages/rtb’s CampaignGoal, the ceiling in micro-units', async () => {
    const banner = await insertBanner(t, ids.shop, 'approved', 'Goal banner');
    const created = await createCampaign(t, shop, {
      ...withGoal({ kind: 'targetCpa', targetCpaMicros: 20_000_000 }, 500),
      name: 'Priced',
      bannerIds: [banner],
    });
    await setCampaignStatus(t, shop, created.id, 'active');
    const loaded = (await loadActiveCampaigns(t.database.db)).find(
      (entry) => entry.campaign.id === created.id,
    );
    if (!loaded) throw new Error('the active campaign was not loaded');
    // PLN: 10,000 micro-units a minor unit.
    expect(loaded.advertiser.currencyMinorUnits).toBe(2);
    const micros = 10_000;
    const goal: RtbCampaignGoal = campaignBidGoal(
      campaignGoalOf(loaded.campaign),
      loaded.campaign.maxCpm === null ? null : loaded.campaign.maxCpm * micros,
    );
    // The same type both ways: shared's mirror of packages/rtb's goal cannot drift from it.
    const mirrored: CampaignBidGoal = goal;
    expect(mirrored).toEqual({ kind: 'targetCpa', targetCpaMicros: 20_000_000, ceilingCpmMicros: 5_000_000 });
    const predictions = { clickProbability: 0.01, conversionProbability: 0.02, orderValueMicros: 0 };
    // 20.00 x 1% x 2% = 0.004 an impression, 4.00 per 1,000: under the 5.00 ceiling.
    expect(goalBidCpmMicros(goal, predictions, { marginBps: 0, commissionBps: 0 }).grossCpmMicros).toBe(
      4_000_000,
    );
  });
});

describe('the OpenAPI document', () => {
  it('shows the goal’s four kinds on the form and on the answer', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).body;
    const kindsOf = (schema: { oneOf?: { properties: { kind: { enum: string[] } } }[] }) =>
      schema.oneOf?.flatMap((option) => option.properties.kind.enum);
    const create = doc.paths['/api/advertiser/campaigns'].post;
    expect(kindsOf(create.requestBody.content['application/json'].schema.properties.goal)).toEqual([
      'maxCpm',
      'targetCpc',
      'targetCpa',
      'targetRoas',
    ]);
    const answer = create.responses['201'].content['application/json'].schema;
    expect(kindsOf(answer.properties.data.properties.campaign.properties.goal)).toEqual([
      'maxCpm',
      'targetCpc',
      'targetCpa',
      'targetRoas',
    ]);
  });
});
