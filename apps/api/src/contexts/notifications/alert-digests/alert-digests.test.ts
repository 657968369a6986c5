import {
  accounts,
  advertisers,
  agencies,
  alertDigestSends,
  alertDigestSubscriptions,
  campaignBanners,
  campaigns,
  emailTemplates,
  roles,
} from '@rtb/db';
import { addHourlyStats } from '@rtb/delivery';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertBanner } from '../../campaigns/campaigns/test-helpers';
import { postEntries } from '../../organisations/organisations/test-helpers';
import { organisationUser } from '../../organisations/organisations/test-users';
import { overviewAlertsOf } from '../../reporting';
import { queueAlertDigests } from './queue-alert-digests';
import { startAlertDigestScheduler } from './scheduler';

/**
 * Wednesday 18 March 2026: Warsaw (the platform's default time zone, and Low Shop's) is on
 * winter time, so the digest falls due at 08:00 CET, 07:00 UTC; New York is on summer time
 * since 8 March, so Euro Shop's falls due at 08:00 EDT, 12:00 UTC.
 */
let t: TestApp;
const at = (iso: string) => new Date(iso);
const run = (iso: string) => queueAlertDigests(t.deps, at(iso));
const quiet = { error: () => {}, info: () => {} };

const ids = { agency: 0, otherAgency: 0, quietAgency: 0, low: 0, euro: 0, other: 0, quietShop: 0 };
const users: Record<string, { token: string; accountId: number }> = {};

const digests = async () => (await t.outbox()).filter((m) => m.templateKey === 'alert-digest');
const subscribe = async (name: string, daily = true) => {
  const user = users[name];
  if (!user) throw new Error(name);
  const [account] = await t.database.db
    .select({ kind: accounts.kind })
    .from(accounts)
    .where(eq(accounts.id, user.accountId));
  const res = await t.call({
    method: 'PUT',
    url: `/api/${account?.kind}/me/alert-digest`,
    token: user.token,
    payload: { daily },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const loginOf = (name: string) => `${name.toLowerCase()}@digest.example.com`;
const sendOf = async (name: string, day: string) => {
  const rows = await t.database.db
    .select()
    .from(alertDigestSends)
    .where(eq(alertDigestSends.accountId, users[name]?.accountId as number));
  return rows.find((row) => row.day === day);
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const pln = await t.referenceId('currencies', 'PLN');
  const eur = await t.referenceId('currencies', 'EUR');
  const agency = async (name: string) =>
    (await db.insert(agencies).values({ name }).returning({ id: agencies.id }))[0]?.id as number;
  ids.agency = await agency('Digest Agency');
  ids.otherAgency = await agency('Other Agency');
  ids.quietAgency = await agency('Quiet Agency');
  const advertiser = async (name: string, agencyId: number, timeZone: string, currencyId: number) =>
    (
      await db
        .insert(advertisers)
        .values({ name, code: name.toUpperCase().replace(/ /g, '-'), agencyId, timeZone, currencyId })
        .returning({ id: advertisers.id })
    )[0]?.id as number;
  ids.low = await advertiser('Low Shop', ids.agency, 'Europe/Warsaw', pln);
  ids.euro = await advertiser('Euro Shop', ids.agency, 'America/New_York', eur);
  ids.other = await advertiser('Other Shop', ids.otherAgency, 'Europe/Warsaw', pln);
  ids.quietShop = await advertiser('Quiet Shop', ids.quietAgency, 'Europe/Warsaw', pln);

  const campaign = async (advertiserId: number, bannerStatus: 'approved' | 'rejected') => {
    const [row] = await db
      .insert(campaigns)
      .values({
        advertiserId,
        name: 'Always on',
        startDate: '2026-01-01',
        maxCpm: 500,
        dailyBudget: 10_000,
        status: 'active',
      })
      .returning({ id: campaigns.id });
    const bannerId = await insertBanner(t, advertiserId, bannerStatus);
    await db.insert(campaignBanners).values({ campaignId: row?.id as number, bannerId });
    return { campaignId: row?.id as number, bannerId };
  };
  // Low Shop: 5.00 zł a day in the 7 days before against 10.00 zł of funds (two days covered),
  // and its only creative rejected.
  const low = await campaign(ids.low, 'rejected');
  await addHourlyStats(
    db,
    [11, 12, 13, 14, 15, 16, 17].map((day) => ({
      hour: at(`2026-03-${day}T10:00:00Z`),
      advertiserId: ids.low,
      ...low,
      impressions: 10,
      spendMicros: 5_000_000,
    })),
  );
  await postEntries(t, { advertiserId: ids.low }, 'balance', pln, [1_000]);
  // Euro Shop: an active campaign and no funds. Other Shop: the same, in another agency.
  await campaign(ids.euro, 'approved');
  await campaign(ids.other, 'rejected');
  // Quiet Shop: nothing to raise.

  await db.insert(roles).values([
    { category: 'agency', slug: 'no-advertisers', name: 'No advertisers', editable: true },
    { category: 'advertiser', slug: 'no-campaigns', name: 'No campaigns', editable: true },
  ]);
  const people: [string, 'agency' | 'advertiser', number, { role?: string; type?: 'service' }][] = [
    ['Adam', 'agency', ids.agency, {}],
    ['Ola', 'agency', ids.agency, { role: 'viewer' }],
    ['OptedOut', 'agency', ids.agency, {}],
    ['Blind', 'agency', ids.agency, { role: 'no-advertisers' }],
    ['Robot', 'agency', ids.agency, { type: 'service' }],
    ['Disabled', 'agency', ids.agency, {}],
    ['Late', 'agency', ids.agency, {}],
    ['Otto', 'agency', ids.otherAgency, {}],
    ['Quinn', 'agency', ids.quietAgency, {}],
    ['Lena', 'advertiser', ids.low, {}],
    ['Eve', 'advertiser', ids.euro, {}],
    ['Nocamp', 'advertiser', ids.low, { role: 'no-campaigns' }],
  ];
  for (const [name, kind, organisation, options] of people)
    users[name] = await organisationUser(t, kind, organisation, {
      login: loginOf(name),
      firstName: name,
      ...options,
    });
  await db
    .update(accounts)
    .set({ locale: 'pl' })
    .where(eq(accounts.id, users.Ola?.accountId as number));

  for (const name of ['Adam', 'Ola', 'Disabled', 'Late', 'Otto', 'Quinn', 'Lena', 'Eve'])
    await subscribe(name);
  // Those the API would not let switch it on: a role without the permission, a service user.
  await db
    .insert(alertDigestSubscriptions)
    .values(['Blind', 'Robot', 'Nocamp'].map((name) => ({ accountId: users[name]?.accountId as number })));
  await db
    .update(accounts)
    .set({ enabled: false })
    .where(eq(accounts.id, users.Disabled?.accountId as number));
  // All switched it on the day before; Laura a minute after this morning's digest fell due.
  await db.update(alertDigestSubscriptions).set({ subscribedAt: at('2026-03-17T12:00:00Z') });
  await db
    .update(alertDigestSubscriptions)
    .set({ subscribedAt: at('2026-03-18T07:01:00Z') })
    .where(eq(alertDigestSubscriptions.accountId, users.Late?.accountId as number));
});
afterAll(() => t?.close());

describe('the daily alert digest', () => {
  it('reads the overview’s alerts (the set-up: Quiet Agency raises none)', async () => {
    const now = at('2026-03-18T07:00:00Z');
    const alerts = await overviewAlertsOf(t.deps, { agencyId: ids.agency }, now);
    expect(alerts.map((row) => [row.advertiser.name, row.alerts])).toEqual([
      ['Euro Shop', ['funds_exhausted', 'not_serving']],
      ['Low Shop', ['low_balance', 'not_serving', 'creative_rejected']],
    ]);
    expect(await overviewAlertsOf(t.deps, { agencyId: ids.quietAgency }, now)).toEqual([]);
    expect(await overviewAlertsOf(t.deps, { advertiserId: ids.low }, now)).toHaveLength(1);
  });

  it('is not queued before 08:00 of the user’s day', async () => {
    expect(await run('2026-03-18T06:59:59Z')).toEqual({ queued: 0, skipped: 0 });
    expect(await digests()).toEqual([]);
  });

  it('at 08:00 goes once to each opted-in user with alerts, in their language, listing their clients’ alerts', async () => {
    // Adam, Ola and Otto (agencies), Lena (Low Shop); Quinn's clients raise nothing.
    expect(await run('2026-03-18T07:00:00Z')).toEqual({ queued: 4, skipped: 1 });
    const mails = await digests();
    expect(mails.map((m) => [m.toAddress, m.locale]).sort()).toEqual([
      [loginOf('Adam'), 'en'],
      [loginOf('Lena'), 'en'],
      [loginOf('Ola'), 'pl'],
      [loginOf('Otto'), 'en'],
    ]);

    const adam = mails.find((m) => m.toAddress === loginOf('Adam'));
    expect(adam?.subject).toBe('Alerts on 18.03.2026: Euro Shop, Low Shop');
    expect(adam?.text).toContain('Hello Adam,');
    expect(adam?.text).toContain(
      'Euro Shop: No funds, Not serving\nLow Shop: Low balance, Not serving, Creative rejected',
    );
    expect(adam?.text).toContain('Open the panel (http://panel.test/panel/agency/overview?alert=any)');
    expect(adam?.text).toContain('http://panel.test/panel/agency/me');
    expect(adam?.text).not.toContain('Other Shop');

    const ola = mails.find((m) => m.toAddress === loginOf('Ola'));
    expect(ola?.subject).toBe('Alerty z 18.03.2026: Euro Shop, Low Shop');
    expect(ola?.text).toContain('Dzień dobry Ola,');
    expect(ola?.text).toContain(
      'Euro Shop: Brak środków, Brak emisji\nLow Shop: Niskie saldo, Brak emisji, Odrzucona kreacja',
    );

    // Another agency's user sees only their own client.
    const otto = mails.find((m) => m.toAddress === loginOf('Otto'));
    expect(otto?.text).toContain('Other Shop: No funds, Not serving, Creative rejected');
    expect(otto?.text).not.toContain('Low Shop');
    expect(otto?.text).not.toContain('Euro Shop');

    // An advertiser user: their own advertiser, and the page where the first alert is dealt with.
    const lena = mails.find((m) => m.toAddress === loginOf('Lena'));
    expect(lena?.subject).toBe('Alerts on 18.03.2026: Low Shop');
    expect(lena?.text).toContain('Low Shop: Low balance, Not serving, Creative rejected');
    expect(lena?.text).not.toContain('Euro Shop');
    expect(lena?.text).toContain('(http://panel.test/panel/advertiser/payments)');

    // Each user's day is marked with its mail, or as done without one.
    expect((await sendOf('Adam', '2026-03-18'))?.queuedEmailId).toBe(adam?.id);
    expect(await sendOf('Quinn', '2026-03-18')).toMatchObject({ queuedEmailId: null });
    for (const name of ['OptedOut', 'Blind', 'Robot', 'Disabled', 'Late', 'Nocamp', 'Eve'])
      expect(await sendOf(name, '2026-03-18'), name).toBeUndefined();
  });

  it('falls due at 08:00 in New York for a user of Euro Shop', async () => {
    expect(await run('2026-03-18T11:59:59Z')).toEqual({ queued: 0, skipped: 0 });
    expect(await run('2026-03-18T12:00:00Z')).toEqual({ queued: 1, skipped: 0 });
    const eve = (await digests()).find((m) => m.toAddress === loginOf('Eve'));
    expect(eve?.text).toContain('Euro Shop: No funds, Not serving');
    expect(eve?.text).not.toContain('Low Shop');
  });

  it('is not queued again the same day: a later run, a restarted process, runs at the same time', async () => {
    const before = (await digests()).length;
    expect(await run('2026-03-18T15:00:00Z')).toEqual({ queued: 0, skipped: 0 });
    const restarted = startAlertDigestScheduler({
      deps: t.deps,
      log: quiet,
      intervalMs: 3_600_000,
      now: () => at('2026-03-18T20:00:00Z'),
    });
    expect(await restarted.runOnce()).toEqual({ queued: 0, skipped: 0 });
    await restarted.stop();
    const together = await Promise.all([run('2026-03-18T21:00:00Z'), run('2026-03-18T21:00:00Z')]);
    expect(together).toEqual([
      { queued: 0, skipped: 0 },
      { queued: 0, skipped: 0 },
    ]);
    expect(await digests()).toHaveLength(before);
  });

  it('the next day: one mail each from concurrent runs, to the user who opted in late too, none to who opted out', async () => {
    await subscribe('Adam', false);
    const before = (await digests()).length;
    const rounds = await Promise.all([run('2026-03-19T07:00:00Z'), run('2026-03-19T07:00:00Z')]);
    expect(rounds.reduce((sum, r) => sum + r.queued, 0)).toBe(4);
    expect(rounds.reduce((sum, r) => sum + r.skipped, 0)).toBe(1);
    const mails = (await digests()).slice(before);
    expect(mails.map((m) => m.toAddress).sort()).toEqual(['Late', 'Lena', 'Ola', 'Otto'].map(loginOf).sort());
    expect(mails.find((m) => m.toAddress === loginOf('Late'))?.subject).toBe(
      'Alerts on 19.03.2026: Euro Shop, Low Shop',
    );
  });

  it('a round that fails leaves nothing marked, and the next one sends the mail once', async () => {
    const before = (await digests()).length;
    const templates = await t.database.db
      .delete(emailTemplates)
      .where(eq(emailTemplates.key, 'alert-digest'))
      .returning();
    const errors: unknown[] = [];
    const failed = await queueAlertDigests(t.deps, at('2026-03-20T07:00:00Z'), {
      error: (...args: unknown[]) => errors.push(args),
    });
    expect(failed.queued).toBe(0);
    expect(errors.length).toBeGreaterThan(0);
    expect(await sendOf('Ola', '2026-03-20')).toBeUndefined();
    expect(await digests()).toHaveLength(before);

    await t.database.db.insert(emailTemplates).values(templates.map(({ id: _id, ...row }) => row));
    expect((await run('2026-03-20T07:05:00Z')).queued).toBe(4);
    expect(await run('2026-03-20T07:06:00Z')).toEqual({ queued: 0, skipped: 0 });
    const mails = (await digests()).slice(before);
    expect(mails.filter((m) => m.toAddress === loginOf('Ola'))).toHaveLength(1);
  });

  it('sends nothing when no client raises an alert', async () => {
    // Low Shop and Euro Shop move to the quiet agency, whose user then gets them; Digest Agency
    // has no client left.
    await t.database.db
      .update(advertisers)
      .set({ agencyId: ids.quietAgency })
      .where(inArray(advertisers.id, [ids.low, ids.euro]));
    const before = (await digests()).length;
    const round = await run('2026-03-21T07:00:00Z');
    const mails = (await digests()).slice(before);
    expect(mails.map((m) => m.toAddress)).not.toContain(loginOf('Ola'));
    expect(mails.map((m) => m.toAddress)).not.toContain(loginOf('Late'));
    expect(mails.map((m) => m.toAddress)).toContain(loginOf('Quinn'));
    expect(round.skipped).toBe(2);
    expect(await sendOf('Ola', '2026-03-21')).toMatchObject({ queuedEmailId: null });
  });
});
