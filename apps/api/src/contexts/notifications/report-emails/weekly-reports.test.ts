import {
  accounts,
  advertisers,
  demoAccounts,
  roles,
  weeklyReportSends,
  weeklyReportSubscriptions,
} from '@rtb/db';
import { addHourlyStats, type HourlyStatsDelta } from '@rtb/delivery';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createCampaign, insertBanner, todayOf, validCampaign } from '../../campaigns/campaigns/test-helpers';
import { organisationId, organisationUser } from '../../organisations/organisations/test-users';
import { queueWeeklyReports } from './queue-weekly-reports';
import { startWeeklyReportScheduler } from './scheduler';

/**
 * Demo Shop (Europe/Warsaw, PLN): the week of Monday 23 March 2026 holds the switch to summer
 * time (Sunday 29 March), so its Monday starts at 23:00 UTC and ends at 22:00 UTC. Its report
 * falls due at 08:00 CEST on Monday 30 March, 06:00 UTC. Solo Store is moved to New York
 * (EDT since 8 March): 08:00 there is 12:00 UTC.
 */
let t: TestApp;
const at = (iso: string) => new Date(iso);
const run = (iso: string) => queueWeeklyReports(t.deps, at(iso));

let shopId: number;
let soloId: number;
const users: Record<string, { token: string; accountId: number; login: string }> = {};
const quiet = { error: () => {}, info: () => {} };

const weeklyMails = async () => (await t.outbox()).filter((m) => m.templateKey === 'weekly-report');
const subscribe = async (token: string, weekly = true) => {
  const res = await t.call({
    method: 'PUT',
    url: '/api/advertiser/me/report-emails',
    token,
    payload: { weekly },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const advertiserUserOf = async (accountId: number) => {
  const rows = await t.database.db.execute(
    sql`select id from advertiser_users where account_id = ${accountId}`,
  );
  return Number((rows as unknown as { rows: { id: number | string }[] }).rows[0]?.id);
};
/** A user's `weekly_report_sends` row of the week, or undefined. */
const sendOf = async (name: string, weekStart: string) => {
  const user = users[name];
  if (!user) throw new Error(name);
  const id = await advertiserUserOf(user.accountId);
  const rows = await t.database.db
    .select()
    .from(weeklyReportSends)
    .where(eq(weeklyReportSends.advertiserUserId, id));
  return rows.find((r) => r.weekStart === weekStart);
};

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const db = t.database.db;
  shopId = await organisationId(t, 'advertiser', 'Demo Shop');
  soloId = await organisationId(t, 'advertiser', 'Solo Store');
  await db.update(advertisers).set({ timeZone: 'America/New_York' }).where(eq(advertisers.id, soloId));
  await db
    .insert(roles)
    .values({ category: 'advertiser', slug: 'no-reports', name: 'No reports', editable: true });

  const shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  const [demo] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.login, demoAccounts.advertiser.login));
  users.demo = { token: shop, accountId: demo?.id as number, login: demoAccounts.advertiser.login };
  const solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  const [soloAccount] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.login, demoAccounts.solo.login));
  users.solo = { token: solo, accountId: soloAccount?.id as number, login: demoAccounts.solo.login };
  for (const [name, options] of Object.entries({
    anna: { role: 'viewer', firstName: 'Anna' },
    optedOut: { role: 'admin' },
    blind: { role: 'no-reports' },
    robot: { role: 'admin', type: 'service' as const },
    disabled: { role: 'admin' },
    late: { role: 'manager', firstName: 'Laura' },
  })) {
    const login = `${name.toLowerCase()}@shop.example.com`;
    users[name] = { ...(await organisationUser(t, 'advertiser', shopId, { login, ...options })), login };
  }
  // Anna reads Polish.
  const pl = await t.call({
    method: 'PUT',
    url: '/api/advertiser/me',
    token: users.anna?.token,
    payload: { firstName: 'Anna', lastName: 'Nowak', locale: 'pl' },
  });
  expect(pl.status, JSON.stringify(pl.body)).toBe(200);

  for (const name of ['demo', 'anna', 'solo', 'disabled', 'late'])
    await subscribe(users[name]?.token as string);
  // Those the API would not let switch it on: a role that lost reports since, a service user.
  for (const name of ['blind', 'robot'])
    await db
      .insert(weeklyReportSubscriptions)
      .values({ advertiserUserId: await advertiserUserOf(users[name]?.accountId as number) });
  await db
    .update(accounts)
    .set({ enabled: false })
    .where(eq(accounts.id, users.disabled?.accountId as number));
  // All switched it on on Tuesday 24 March, after the mail of the week before fell due (so they
  // get none of it), except Laura: a minute after the mail of 23-29 March fell due.
  await db.update(weeklyReportSubscriptions).set({ subscribedAt: at('2026-03-24T12:00:00Z') });
  await db
    .update(weeklyReportSubscriptions)
    .set({ subscribedAt: at('2026-03-30T06:01:00Z') })
    .where(
      eq(weeklyReportSubscriptions.advertiserUserId, await advertiserUserOf(users.late?.accountId as number)),
    );

  const today = await todayOf(t, shopId);
  const campaign = async (name: string) =>
    (await createCampaign(t, shop, validCampaign(today, { name, maxCpm: 500 }))).id;
  const c = {
    sale: await campaign('Winter sale'),
    teaser: await campaign('Teaser'),
    quiet: await campaign('Quiet'),
    brand: await campaign('Brand'),
    bidsOnly: await campaign('Bids only'),
  };
  const banner = await insertBanner(t, shopId);
  const row = (hour: string, campaignId: number, counters: Partial<HourlyStatsDelta>): HourlyStatsDelta => ({
    hour: at(hour),
    advertiserId: shopId,
    campaignId,
    bannerId: banner,
    ...counters,
  });
  await addHourlyStats(db, [
    // The week before, 16-22 March (CET).
    row('2026-03-16T08:00:00Z', c.teaser, { impressions: 3000, clicks: 40, spendMicros: 20_000_000 }),
    // Sunday 22 March, 23:00 in Warsaw: still the week before.
    row('2026-03-22T22:00:00Z', c.sale, {
      impressions: 12_000,
      clicks: 80,
      spendMicros: 20_000_000,
      clickConversions: 1,
      conversionValueMinor: 10_000,
    }),
    // Monday 23 March, 00:00 in Warsaw: the week's first hour.
    row('2026-03-22T23:00:00Z', c.teaser, { impressions: 3000, clicks: 10, spendMicros: 12_345_678 }),
    row('2026-03-23T10:00:00Z', c.sale, {
      bids: 40_000,
      wins: 11_000,
      impressions: 10_000,
      clicks: 100,
      invalidImpressions: 70,
      spendMicros: 25_000_000,
      clickConversions: 2,
      conversionValueMinor: 30_000,
    }),
    row('2026-03-25T12:00:00Z', c.quiet, { impressions: 500, clicks: 1, spendMicros: 1_000_000 }),
    // The fourth by spend: not named.
    row('2026-03-26T12:00:00Z', c.brand, { impressions: 100, spendMicros: 4_999 }),
    row('2026-03-27T12:00:00Z', c.bidsOnly, { bids: 500 }),
    // Sunday 29 March, 23:00 in Warsaw (CEST since 02:00): the week's last hour.
    row('2026-03-29T21:00:00Z', c.sale, {
      impressions: 2000,
      clicks: 20,
      spendMicros: 5_000_000,
      viewConversions: 1,
      conversionValueMinor: 5000,
    }),
    // Monday 30 March, 00:00 in Warsaw: the next week.
    row('2026-03-29T22:00:00Z', c.sale, { impressions: 99_999, spendMicros: 99_000_000 }),
  ]);
});
afterAll(() => t.close());

/** Week of 23-29 March: 15,600 impressions, 131 clicks, 43.350677 PLN, 3 conversions worth 350.00 PLN. */
describe('the weekly report e-mail', () => {
  it('is not queued before 08:00 on Monday in the advertiser’s time zone, nor for a week that fell due before the user opted in', async () => {
    // Sunday 29 March: the week of 16-22 March fell due before anyone opted in.
    expect(await run('2026-03-29T21:59:59Z')).toEqual({ queued: 0, skipped: 0 });
    // 07:59:59 in Warsaw.
    expect(await run('2026-03-30T05:59:59Z')).toEqual({ queued: 0, skipped: 0 });
    expect(await weeklyMails()).toEqual([]);
  });

  it('at 08:00 goes once to each opted-in user who may read reports, in their language, with the week’s figures', async () => {
    expect(await run('2026-03-30T06:00:00Z')).toEqual({ queued: 2, skipped: 0 });
    const mails = await weeklyMails();
    expect(mails.map((m) => [m.toAddress, m.locale]).sort()).toEqual([
      ['advertiser@example.com', 'en'],
      ['anna@shop.example.com', 'pl'],
    ]);

    const en = mails.find((m) => m.locale === 'en');
    expect(en?.subject).toBe('Demo Shop: your week 23.03.2026 – 29.03.2026 on RTB Panel');
    for (const line of [
      'Impressions 15,600 +4.0%',
      'Clicks 131 +9.2%',
      // 131 / 15,600 = 0.8397%, against 120 / 15,000 = 0.8%
      'CTR 0.84% +5.0%',
      // 43.350677 PLN against 40 PLN
      'Spend 43.35 PLN +8.4%',
      'Conversions 3 +200.0%',
      'Conversion value 350.00 PLN +250.0%',
      // 350 / 43.350677 = 807.37%, against 100 / 40 = 250%: x 3.2295
      'ROAS 807.37% +222.9%',
      '1. Winter sale: 30.00 PLN\n2. Teaser: 12.35 PLN\n3. Quiet: 1.00 PLN\n',
      'Open reports (http://panel.test/panel/advertiser/reports?from=2026-03-23&to=2026-03-29)',
      'http://panel.test/panel/advertiser/me',
    ])
      expect(en?.text).toContain(line);
    expect(en?.text).not.toContain('Brand');
    expect(en?.text).not.toContain('Bids only');

    const pl = mails.find((m) => m.locale === 'pl');
    expect(pl?.subject).toBe('Demo Shop: Twój tydzień 23.03.2026 – 29.03.2026 w RTB Panel');
    expect(pl?.text).toContain('Dzień dobry Anna,');
    for (const line of [
      'Wyświetlenia 15\u00a0600 +4,0%',
      'Kliknięcia 131 +9,2%',
      'CTR 0,84% +5,0%',
      'Wydatki 43,35 PLN +8,4%',
      'Konwersje 3 +200,0%',
      'Wartość konwersji 350,00 PLN +250,0%',
      'ROAS 807,37% +222,9%',
      '1. Winter sale: 30,00 PLN\n2. Teaser: 12,35 PLN\n3. Quiet: 1,00 PLN\n',
    ])
      expect(pl?.text).toContain(line);

    // Each user's week is marked with its mail.
    expect((await sendOf('demo', '2026-03-23'))?.queuedEmailId).toBe(en?.id);
    expect((await sendOf('anna', '2026-03-23'))?.queuedEmailId).toBe(pl?.id);
    for (const name of ['optedOut', 'blind', 'robot', 'disabled', 'late'])
      expect(await sendOf(name, '2026-03-23'), name).toBeUndefined();
  });

  it('falls due at 08:00 in New York for Solo Store, and with no delivery in either week is none, once', async () => {
    expect(await run('2026-03-30T11:59:59Z')).toEqual({ queued: 0, skipped: 0 });
    expect(await sendOf('solo', '2026-03-23')).toBeUndefined();
    expect(await run('2026-03-30T12:00:00Z')).toEqual({ queued: 0, skipped: 1 });
    expect(await sendOf('solo', '2026-03-23')).toMatchObject({ queuedEmailId: null });
    expect(await run('2026-03-30T13:00:00Z')).toEqual({ queued: 0, skipped: 0 });
    expect((await weeklyMails()).map((m) => m.toAddress)).not.toContain(demoAccounts.solo.login);
  });

  it('is not queued again: a later run, a restarted process, runs at the same time', async () => {
    expect(await run('2026-03-30T06:05:00Z')).toEqual({ queued: 0, skipped: 0 });
    const restarted = startWeeklyReportScheduler({
      deps: t.deps,
      log: quiet,
      intervalMs: 3_600_000,
      now: () => at('2026-04-01T09:00:00Z'),
    });
    expect(await restarted.runOnce()).toEqual({ queued: 0, skipped: 0 });
    await restarted.stop();
    const together = await Promise.all([run('2026-04-02T10:00:00Z'), run('2026-04-02T10:00:00Z')]);
    expect(together).toEqual([
      { queued: 0, skipped: 0 },
      { queued: 0, skipped: 0 },
    ]);
    expect(await weeklyMails()).toHaveLength(2);
  });

  it('next week: one mail each from concurrent runs, also to the user who opted in late, none to who opted out', async () => {
    await subscribe(users.demo?.token as string, false);
    const before = (await weeklyMails()).length;
    const rounds = await Promise.all([run('2026-04-06T06:00:00Z'), run('2026-04-06T06:00:00Z')]);
    expect(rounds.reduce((sum, r) => sum + r.queued, 0)).toBe(2);
    const mails = (await weeklyMails()).slice(before);
    expect(mails.map((m) => m.toAddress).sort()).toEqual(['anna@shop.example.com', 'late@shop.example.com']);
    const laura = mails.find((m) => m.toAddress === 'late@shop.example.com');
    expect(laura?.subject).toBe('Demo Shop: your week 30.03.2026 – 05.04.2026 on RTB Panel');
    // Only Monday's first hour: 99,999 impressions against 15,600, no clicks against 131.
    expect(laura?.text).toContain('Impressions 99,999 +541.0%');
    expect(laura?.text).toContain('Clicks 0 -100.0%');
    expect(laura?.text).toContain('CTR 0.00% -100.0%');
    expect(laura?.text).toContain('Conversions 0 -100.0%');
    expect(laura?.text).toContain('1. Winter sale: 99.00 PLN\n');
    // Solo Store: no delivery in this week either.
    expect(await run('2026-04-06T12:00:00Z')).toEqual({ queued: 0, skipped: 1 });
  });
});
