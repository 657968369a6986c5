import { activityLogs, authTokens, demoAccounts } from '@rtb/db';
import { messages } from '@rtb/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signedInAdmin } from '../../../test/permissions';
import { type KindCase, kindContext, kinds } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
});
afterAll(() => t.close());

/** Every route of the kind, with a valid payload for the user `id` of the organisation. */
async function routesOf(k: KindCase) {
  const { organisationId, roleIds } = await kindContext(t, admin, k);
  const list = await t.call({ method: 'GET', url: `${k.base}?search=${k.demo.login}`, token: admin });
  const id = list.body.data[k.listKey].elements[0].id as number;
  return {
    reads: [
      { method: 'GET', url: k.base },
      { method: 'GET', url: `${k.base}/${id}` },
    ],
    writes: [
      {
        method: 'POST',
        url: k.base,
        payload: {
          [k.organisationField]: organisationId,
          email: `never.${k.kind}@example.com`,
          firstName: 'N',
          lastName: 'N',
          roleId: roleIds.viewer,
        },
      },
      {
        method: 'PUT',
        url: `${k.base}/${id}`,
        payload: { firstName: 'N', lastName: 'N', roleId: roleIds.admin, type: 'default', locale: 'en' },
      },
      { method: 'PUT', url: `${k.base}/${id}/enabled`, payload: { enabled: true } },
      { method: 'POST', url: `${k.base}/${id}/activation-email` },
      { method: 'POST', url: `${k.base}/${id}/password` },
      { method: 'POST', url: `${k.base}/${id}/auth` },
      { method: 'POST', url: `${k.organisations}/${organisationId}/auth` },
    ],
  };
}

const impersonations = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(activityLogs)
      .where(eq(activityLogs.entityType, 'impersonation'))
  )[0]?.n;

describe('agency-users and advertiser-users permissions', () => {
  it('a read-only admin may read but not write, nor log in as anyone', async () => {
    const { token: viewer } = await signedInAdmin(t, admin, 'rita@example.com', 'viewer');
    const tokensBefore = await t.database.db.select({ n: count() }).from(authTokens);

    for (const k of kinds) {
      const { reads, writes } = await routesOf(k);
      for (const route of reads) {
        const res = await t.call({ ...route, token: viewer } as never);
        expect(res.status, route.url).toBe(200);
      }
      for (const route of writes) {
        const res = await t.call({ ...route, token: viewer } as never);
        expect(res.status, `${route.method} ${route.url}`).toBe(403);
        expect(res.body).toEqual({ message: messages.forbidden, code: 403, error: 'common.forbidden' });
      }
    }
    expect((await t.outbox()).filter((m) => m.toAddress.startsWith('never.'))).toHaveLength(0);
    expect(await t.database.db.select({ n: count() }).from(authTokens)).toEqual(tokensBefore);
    expect(await impersonations()).toBe(0);
  });

  it('agency and advertiser tokens get 403 on every route, and no token 401', async () => {
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    const advertiser = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    for (const k of kinds) {
      const { reads, writes } = await routesOf(k);
      for (const route of [...reads, ...writes]) {
        for (const token of [agency, advertiser]) {
          const res = await t.call({ ...route, token } as never);
          expect(res.status, `${route.method} ${route.url}`).toBe(403);
          expect(res.body.message).toBe(messages.forbidden);
        }
        expect((await t.call(route as never)).status).toBe(401);
      }
    }
    expect(await impersonations()).toBe(0);
  });

  it('an administrator passes the access control of every route', async () => {
    for (const k of kinds) {
      const { reads, writes } = await routesOf(k);
      for (const route of [...reads, ...writes]) {
        const res = await t.call({ ...route, token: admin } as never);
        // The demo user is already activated, so resending the activation is refused on its merits.
        const expected = route.url.endsWith('/activation-email')
          ? 422
          : route.method === 'POST' && route.url === k.base
            ? 201
            : 200;
        expect(res.status, `${route.method} ${route.url}: ${JSON.stringify(res.body)}`).toBe(expected);
      }
    }
  });
});
