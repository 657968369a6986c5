import { demoAccounts, logStatusVerifications } from '@rtb/db';
import { messages, organisationMessages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signedInAdmin } from '../../../test/permissions';
import { activityOf } from '../organisations/test-helpers';

let t: TestApp;
let admin: string;
let adminAccountId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  adminAccountId = (await t.call({ method: 'GET', url: '/api/admin/me', token: admin })).body.data.me.id;
});
afterAll(() => t.close());

const base = '/api/admin/agencies';
const newAgency = async (name: string) =>
  (await t.call({ method: 'POST', url: base, token: admin, payload: { name } })).body.data.agency as {
    id: number;
  };
const change = (id: number, payload: Record<string, unknown>, token = admin) =>
  t.call({ method: 'POST', url: `${base}/${id}/status-verifications`, token, payload });
const history = (id: number, query = '') =>
  t.call({ method: 'GET', url: `${base}/${id}/status-verifications${query}`, token: admin });

describe('changing an agency verification status', () => {
  it('changes the status, keeps who, when, from, to and why, and logs the change', async () => {
    const agency = await newAgency('Checked Agency');
    const res = await change(agency.id, { statusVerification: 'pending', comment: ' Documents received ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.agency).toMatchObject({ id: agency.id, statusVerification: 'pending' });
    expect(res.body.data.logStatusVerification).toEqual({
      id: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      agency: { id: agency.id, name: 'Checked Agency' },
      advertiser: null,
      statusFrom: 'unverified',
      statusTo: 'pending',
      comment: 'Documents received',
      changedBy: { id: adminAccountId, name: 'Ada Admin', email: 'admin@example.com' },
    });
    const [row] = await t.database.db
      .select()
      .from(logStatusVerifications)
      .where(eq(logStatusVerifications.agencyId, agency.id));
    expect(row).toMatchObject({
      changedByAccountId: adminAccountId,
      statusFrom: 'unverified',
      statusTo: 'pending',
    });

    const logs = await activityOf(t, 'agency', agency.id);
    expect(logs.at(-1)).toMatchObject({
      event: 'updated',
      agencyId: agency.id,
      actorAccountId: adminAccountId,
      changes: { before: { statusVerification: 'unverified' }, after: { statusVerification: 'pending' } },
    });
  });

  it('lists the history newest first, with paging', async () => {
    const agency = await newAgency('History Agency');
    await change(agency.id, { statusVerification: 'pending' });
    await change(agency.id, { statusVerification: 'rejected', comment: 'Tax id does not match' });
    await change(agency.id, { statusVerification: 'verified' });
    const res = await history(agency.id);
    expect(res.status).toBe(200);
    const { elements, meta } = res.body.data.logStatusVerifications;
    expect(
      elements.map((e: { statusFrom: string; statusTo: string }) => `${e.statusFrom}>${e.statusTo}`),
    ).toEqual(['rejected>verified', 'pending>rejected', 'unverified>pending']);
    expect(elements[1]).toMatchObject({
      comment: 'Tax id does not match',
      changedBy: { name: 'Ada Admin', email: 'admin@example.com' },
    });
    expect(elements[0].comment).toBeNull();
    expect(meta).toEqual({ page: 1, perPage: 25, total: 3, lastPage: 1 });
    const second = await history(agency.id, '?perPage=2&page=2');
    expect(second.body.data.logStatusVerifications.elements).toHaveLength(1);
    expect(second.body.data.logStatusVerifications.elements[0].statusTo).toBe('pending');
  });

  it('names another admin who made a change', async () => {
    const agency = await newAgency('Second Look Agency');
    const { token: operator } = await signedInAdmin(t, admin, 'olek@example.com', 'operator');
    expect((await change(agency.id, { statusVerification: 'pending' }, operator)).status).toBe(201);
    const [entry] = (await history(agency.id)).body.data.logStatusVerifications.elements;
    expect(entry.changedBy).toMatchObject({ name: 'Vera Viewer', email: 'olek@example.com' });
  });

  it('refuses the status it already has, an unknown status, and unknown agencies', async () => {
    const agency = await newAgency('Same Agency');
    const same = await change(agency.id, { statusVerification: 'unverified' });
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ statusVerification: [organisationMessages.sameStatus] });
    const unknown = await change(agency.id, { statusVerification: 'approved', comment: 'x'.repeat(1001) });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors).sort()).toEqual(['comment', 'statusVerification']);
    expect((await history(agency.id)).body.data.logStatusVerifications.meta.total).toBe(0);
    expect((await change(999999, { statusVerification: 'pending' })).status).toBe(404);
    const missing = await history(999999);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.notFound);
  });
});

describe('all verification status changes', () => {
  it('lists the changes of agencies and advertisers, filtered by either', async () => {
    const agency = await newAgency('Log Agency');
    await change(agency.id, { statusVerification: 'pending' });
    const shop = (
      await t.call({
        method: 'POST',
        url: '/api/admin/advertisers',
        token: admin,
        payload: { name: 'Log Shop' },
      })
    ).body.data.advertiser;
    const advertiserChange = await t.call({
      method: 'POST',
      url: `/api/admin/advertisers/${shop.id}/status-verifications`,
      token: admin,
      payload: { statusVerification: 'rejected' },
    });
    expect(advertiserChange.status).toBe(201);

    const all = await t.call({ method: 'GET', url: '/api/admin/log-status-verifications', token: admin });
    expect(all.status).toBe(200);
    const [newest] = all.body.data.logStatusVerifications.elements;
    expect(newest).toMatchObject({
      agency: null,
      advertiser: { id: shop.id, name: 'Log Shop' },
      statusTo: 'rejected',
    });

    const ofAgency = await t.call({
      method: 'GET',
      url: `/api/admin/log-status-verifications?agencyId=${agency.id}`,
      token: admin,
    });
    expect(ofAgency.body.data.logStatusVerifications.elements).toEqual([
      expect.objectContaining({ agency: { id: agency.id, name: 'Log Agency' }, statusTo: 'pending' }),
    ]);
    const ofShop = await t.call({
      method: 'GET',
      url: `/api/admin/log-status-verifications?advertiserId=${shop.id}&perPage=1`,
      token: admin,
    });
    expect(ofShop.body.data.logStatusVerifications.meta).toEqual({
      page: 1,
      perPage: 1,
      total: 1,
      lastPage: 1,
    });
  });
});
