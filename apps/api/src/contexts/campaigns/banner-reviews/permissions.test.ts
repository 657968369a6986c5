import { demoAccounts } from '@rtb/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectAdminOnly, expectReadOnly, signedInAdmin } from '../../../test/permissions';
import { advertiserIdOf, bannerRow, insertBanner } from './test-helpers';

let t: TestApp;
let admin: string;
let bannerId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  const advertiserId = await advertiserIdOf(t.database.db, 'Demo Shop');
  bannerId = (await insertBanner(t.database.db, { advertiserId, name: 'Guarded banner' })).id;
});
afterAll(() => t.close());

const routes = () => ({
  reads: [{ method: 'GET' as const, url: '/api/admin/banners/review' }],
  writes: [
    {
      method: 'PUT' as const,
      url: `/api/admin/banners/${bannerId}/review`,
      payload: { decision: 'approve' },
    },
    {
      method: 'PUT' as const,
      url: `/api/admin/banners/${bannerId}/review`,
      payload: { decision: 'reject', reason: 'trademark' },
    },
  ],
});

describe('banner review permissions', () => {
  it('an admin with advertisers:read lists the queue but cannot decide', async () => {
    const viewer = await signedInAdmin(t, admin, 'vera@example.com', 'viewer');
    await expectReadOnly(t, viewer.token, routes());
    const queue = await t.call({ method: 'GET', url: '/api/admin/banners/review', token: viewer.token });
    expect(queue.body.data.banners.elements.map((b: { name: string }) => b.name)).toEqual(['Guarded banner']);
    expect(await bannerRow(t.database.db, bannerId)).toMatchObject({ status: 'pending', reviewedAt: null });
  });

  it('agency and advertiser tokens get 403 on every route, and no token 401', async () => {
    await expectAdminOnly(t, routes());
    expect((await bannerRow(t.database.db, bannerId)).status).toBe('pending');
  });
});
