import { activityLogs, demoAccounts, regulations } from '@rtb/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectAdminOnly, expectReadOnly, signedInAdmin } from '../../../test/permissions';

let t: TestApp;
let admin: string;
let regulationId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  const [seeded] = await t.database.db
    .select()
    .from(regulations)
    .where(eq(regulations.type, 'privacy-policy'));
  regulationId = seeded?.id as number;
});
afterAll(() => t.close());

const texts = [{ locale: 'en', title: 'Privacy policy', content: 'Never saved.' }];
const adminRoutes = () => ({
  reads: [
    { method: 'GET', url: '/api/admin/regulations' },
    { method: 'GET', url: `/api/admin/regulations/${regulationId}` },
    { method: 'GET', url: '/api/admin/log-regulations' },
  ],
  writes: [
    { method: 'POST', url: '/api/admin/regulations', payload: { type: 'privacy-policy', texts } },
    { method: 'PUT', url: `/api/admin/regulations/${regulationId}`, payload: { texts } },
    { method: 'PUT', url: `/api/admin/regulations/${regulationId}/enabled`, payload: { enabled: false } },
  ],
});

describe('regulations permissions', () => {
  it('a read-only admin may read but not write', async () => {
    const { token: viewer } = await signedInAdmin(t, admin, 'rita@example.com', 'viewer');
    const before = await t.database.db.select().from(activityLogs);
    const { reads, writes } = adminRoutes();
    await expectReadOnly(t, viewer, { reads, writes });
    const [after] = await t.database.db.select().from(regulations).where(eq(regulations.id, regulationId));
    expect(after?.enabled).toBe(true);
    expect(await t.database.db.select().from(activityLogs)).toHaveLength(before.length);
  });

  it('agency and advertiser tokens get 403 on the admin routes, and no token 401', async () => {
    await expectAdminOnly(t, adminRoutes());
  });

  it('me/regulation is for the users of its own panel only', async () => {
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    for (const kind of ['agency', 'advertiser'] as const) {
      const url = `/api/${kind}/me/regulation`;
      expect((await t.call({ method: 'GET', url })).status).toBe(401);
      expect((await t.call({ method: 'GET', url, token: admin })).status).toBe(403);
      const post = await t.call({
        method: 'POST',
        url,
        token: admin,
        payload: { regulationIds: [regulationId] },
      });
      expect(post.status).toBe(403);
    }
    expect(
      (await t.call({ method: 'GET', url: '/api/advertiser/me/regulation', token: agency })).status,
    ).toBe(403);
  });

  it('the current documents are public', async () => {
    const res = await t.call({ method: 'GET', url: '/api/regulations/current' });
    expect(res.status).toBe(200);
    expect(res.body.data.regulations).toHaveLength(2);
  });
});
