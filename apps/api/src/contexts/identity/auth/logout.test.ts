import { activityLogs, demoAccounts } from '@rtb/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const impersonationRows = () =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.entityType, 'impersonation'))
    .orderBy(asc(activityLogs.id));
const me = (token: string) => t.call({ method: 'GET', url: '/api/agency/me', token });

describe('logout', () => {
  it('revokes only the token of the request and logs nothing for an ordinary session', async () => {
    const first = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    const second = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    expect((await me(first)).status).toBe(200);

    const res = await t.call({ method: 'DELETE', url: '/api/agency/auth/token', token: first });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'logged_out' } });
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
    expect(await impersonationRows()).toHaveLength(0);
  });

  it('ends a "log in as" session: the end is logged with the target as actor and the admin as impersonator', async () => {
    const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    const adminMe = (await t.call({ method: 'GET', url: '/api/admin/me', token: admin })).body.data.me;
    const list = await t.call({
      method: 'GET',
      url: `/api/admin/agency-users?search=${demoAccounts.agency.login}`,
      token: admin,
    });
    const target = list.body.data.agencyUsers.elements[0];
    const session = await t.call({
      method: 'POST',
      url: `/api/admin/agency-users/${target.id}/auth`,
      token: admin,
    });
    const token = session.body.data.authToken;

    const res = await t.call({
      method: 'DELETE',
      url: '/api/agency/auth/token',
      token,
      headers: { 'user-agent': 'logout-test' },
    });
    expect(res.status).toBe(200);
    expect((await me(token)).status).toBe(401);
    // The admin's own session goes on.
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: admin })).status).toBe(200);

    const [start, end] = await impersonationRows();
    expect(end).toMatchObject({
      event: 'deleted',
      entityId: start?.entityId,
      actorAccountId: target.user.id,
      impersonatorAccountId: adminMe.id,
      agencyId: target.agencyId,
      advertiserId: null,
      // The end row carries the request it came from, like every other row.
      requestId: res.headers['x-request-id'],
      userAgent: 'logout-test',
      changes: {
        before: {
          accountId: target.user.id,
          login: demoAccounts.agency.login,
          kind: 'agency',
          userId: target.id,
          agencyId: target.agencyId,
          advertiserId: null,
        },
        after: null,
      },
    });
  });
});
