import { accounts, advertiserUsers, agencyUsers, hashPassword, roles } from '@rtb/db';
import { messages } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { adminWithRole } from '../../platform/configuration/test-helpers';
import { moneyFixture } from './test-helpers';

let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  f = await moneyFixture(t);
});
afterAll(() => t.close());

const PASSWORD = 'quiet-harbour-42';

/** A user of the demo agency or shop with the organisation's read-only role. */
async function viewerOf(kind: 'agency' | 'advertiser'): Promise<string> {
  const db = t.database.db;
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.category, kind), eq(roles.slug, 'viewer')));
  const login = `viewer-${kind}@example.com`;
  const [account] = await db
    .insert(accounts)
    .values({ login, kind, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() })
    .returning({ id: accounts.id });
  const profile = {
    accountId: account?.id as number,
    roleId: role?.id as number,
    firstName: 'Vic',
    lastName: 'Viewer',
    avatarColor: '#475569',
  };
  if (kind === 'agency') await db.insert(agencyUsers).values({ ...profile, agencyId: f.agencyId });
  else await db.insert(advertiserUsers).values({ ...profile, advertiserId: f.shopId });
  return t.loginAs(kind, login, PASSWORD);
}

const reads = (kind: 'admin' | 'agency' | 'advertiser') => [
  `/api/${kind}/payments`,
  `/api/${kind}/log-top-ups`,
  `/api/${kind}/log-credits`,
  `/api/${kind}/log-top-up-requests`,
  `/api/${kind}/invoices`,
  `/api/${kind}/payments/online`,
  ...(kind === 'admin' ? [] : [`/api/${kind}/payments/overview`, `/api/${kind}/payments/balance-history`]),
];

describe('money permissions', () => {
  it('read-only roles read the money pages and move no money', async () => {
    const cases = [
      { kind: 'admin' as const, token: await adminWithRole(t, 'viewer', 'money-viewer@example.com') },
      { kind: 'agency' as const, token: await viewerOf('agency') },
      { kind: 'advertiser' as const, token: await viewerOf('advertiser') },
    ];
    for (const { kind, token } of cases) {
      for (const url of reads(kind))
        expect((await t.call({ method: 'GET', url, token })).status, url).toBe(200);
      const writes =
        kind === 'admin'
          ? [
              {
                method: 'POST',
                url: `/api/admin/advertisers/${f.shopId}/top-ups`,
                payload: { type: 'manual_top_up', amount: 1, reason: 'Nope' },
              },
              {
                method: 'POST',
                url: '/api/admin/log-credits',
                payload: { agencyId: f.agencyId, creditLimit: 1, useCreditLimit: true, reason: 'Nope' },
              },
              {
                method: 'PUT',
                url: '/api/admin/log-top-up-requests/1/status',
                payload: { status: 'accepted' },
              },
              { method: 'POST', url: '/api/admin/invoices/1/send', payload: {} },
            ]
          : [
              { method: 'POST', url: `/api/${kind}/log-top-up-requests`, payload: { amount: 1 } },
              { method: 'POST', url: `/api/${kind}/payments/online`, payload: { amount: 1 } },
              { method: 'POST', url: `/api/${kind}/invoices/1/send`, payload: {} },
              ...(kind === 'agency'
                ? [
                    {
                      method: 'POST',
                      url: '/api/agency/payments/transfers',
                      payload: { advertiserId: f.shopId, amount: 1 },
                    },
                  ]
                : []),
            ];
      for (const route of writes) {
        const res = await t.call({ ...route, token, headers: { 'idempotency-key': 'k' } } as never);
        expect(res.status, `${kind} ${route.url}`).toBe(403);
        expect(res.body).toEqual({ message: messages.forbidden, code: 403, error: 'common.forbidden' });
      }
    }
  });

  it('needs a sign-in, and a panel reads only its own kind of routes', async () => {
    for (const url of reads('advertiser')) expect((await t.call({ method: 'GET', url })).status).toBe(401);
    for (const url of reads('admin'))
      expect((await t.call({ method: 'GET', url, token: f.shop })).status).toBe(403);
    for (const url of reads('agency'))
      expect((await t.call({ method: 'GET', url, token: f.admin })).status).toBe(403);
  });

  it("an agency may pick one of its advertisers, never another's", async () => {
    const own = await t.call({
      method: 'GET',
      url: '/api/agency/payments/overview',
      token: f.agency,
      headers: { 'advertiser-id': String(f.shopId) },
    });
    expect(own.body.data.paymentsOverview.organisation).toEqual({ id: f.shopId, name: 'Demo Shop' });
    const foreign = await t.call({
      method: 'GET',
      url: '/api/agency/payments',
      token: f.agency,
      headers: { 'advertiser-id': String(f.soloId) },
    });
    expect(foreign.status).toBe(403);
    // Admin filters in the query mean nothing to an organisation's own list.
    await f.send('POST', `/api/admin/advertisers/${f.soloId}/top-ups`, f.admin, {
      type: 'manual_top_up',
      amount: 100,
      reason: 'Solo',
    });
    const filtered = await f.get(`/api/advertiser/payments?advertiserId=${f.soloId}`, f.shop);
    expect(filtered.payments.elements).toEqual([]);
  });

  it('an admin acting as a user is named as the impersonator of what the user does', async () => {
    const users = await t.call({
      method: 'GET',
      url: '/api/admin/advertiser-users?search=advertiser@example.com',
      token: f.admin,
    });
    const userId = users.body.data.advertiserUsers.elements[0].id;
    const login = await t.call({
      method: 'POST',
      url: `/api/admin/advertiser-users/${userId}/auth`,
      token: f.admin,
    });
    const asUser = login.body.data.authToken as string;
    const res = await f.send('POST', '/api/advertiser/log-top-up-requests', asUser, { amount: 3_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.logTopUpRequest).toMatchObject({
      requestedBy: { email: 'advertiser@example.com' },
      impersonator: { email: 'admin@example.com', name: 'Ada Admin' },
    });
  });
});
