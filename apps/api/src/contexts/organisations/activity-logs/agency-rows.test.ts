import { activityLogs, regulations, regulationTexts } from '@rtb/db';
import { MAX_PAGE_SIZE } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startFakeStripe } from '../../money/online-payments/fake-stripe';
import { moneyFixture } from '../../money/payments/test-helpers';
import { png, sendContact } from '../../support/support/test-helpers';
import { roleId } from '../organisations/test-users';

let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    demo: true,
    config: { stripe: { secretKey: 'sk_test_123', webhookSecret: 'whsec_test', apiUrl: stripe.url } },
  });
  f = await moneyFixture(t);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** Succeeds, or fails the test with the answer. */
async function expectOk(res: { status: number; body: unknown }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as { data: Record<string, { id: number }> };
}

/**
 * Every kind of write about an agency's advertiser (Demo Shop of Demo Agency), by the advertiser
 * itself, its agency and an admin, directly and logged in as its user.
 */
async function writeAboutTheAdvertiser() {
  const { shop, admin, agency, shopId, agencyId, send } = f;
  const request = await expectOk(
    await send('POST', '/api/advertiser/log-top-up-requests', shop, { amount: 10_000 }),
    'top-up request',
  );
  await expectOk(
    await send('PUT', `/api/admin/log-top-up-requests/${request.data.logTopUpRequest?.id}/status`, admin, {
      status: 'accepted',
    }),
    'acceptance',
  );
  await expectOk(
    await send('POST', `/api/admin/advertisers/${shopId}/top-ups`, admin, {
      type: 'manual_top_up',
      amount: 5_000,
      reason: 'Wire',
    }),
    'manual top-up',
  );
  await expectOk(
    await send('POST', '/api/admin/log-credits', admin, {
      advertiserId: shopId,
      creditLimit: 20_000,
      useCreditLimit: true,
      reason: 'Good payer',
    }),
    'credit limit',
  );
  await expectOk(await send('POST', '/api/advertiser/payments/online', shop, { amount: 1_000 }), 'online');
  const invoices = await f.get('/api/advertiser/invoices', shop);
  const invoiceId = invoices.invoices.elements[0]?.id;
  await expectOk(
    await t.call({ method: 'POST', url: `/api/admin/invoices/${invoiceId}/send`, token: admin, payload: {} }),
    'invoice sent',
  );
  await send('POST', `/api/admin/agencies/${agencyId}/top-ups`, admin, {
    type: 'manual_top_up',
    amount: 10_000,
    reason: 'Agency wire',
  });
  await expectOk(
    await send('POST', '/api/agency/payments/transfers', agency, {
      advertiserId: shopId,
      direction: 'to_advertiser',
      amount: 1_000,
    }),
    'transfer',
  );

  const user = await expectOk(
    await t.call({
      method: 'POST',
      url: '/api/admin/advertiser-users',
      token: admin,
      payload: {
        advertiserId: shopId,
        email: 'new.user@demo-shop.example.com',
        firstName: 'Nina',
        lastName: 'Nowak',
        roleId: await roleId(t, 'advertiser', 'viewer'),
      },
    }),
    'user created',
  );
  await expectOk(
    await t.call({
      method: 'PUT',
      url: `/api/admin/advertiser-users/${user.data.advertiserUser?.id}/enabled`,
      token: admin,
      payload: { enabled: false },
    }),
    'user disabled',
  );
  await expectOk(
    await t.call({
      method: 'PUT',
      url: '/api/advertiser/me',
      token: shop,
      payload: { firstName: 'Dorota', lastName: 'Sklepowa', phone: '+48 600 700 800', locale: 'en' },
    }),
    'own profile',
  );

  const [regulation] = await t.database.db
    .insert(regulations)
    .values({ type: 'terms-of-service', version: 99, enabled: true })
    .returning({ id: regulations.id });
  await t.database.db
    .insert(regulationTexts)
    .values({ regulationId: regulation?.id as number, locale: 'en', title: 'Terms', content: 'New terms' });
  await expectOk(
    await t.call({
      method: 'POST',
      url: '/api/advertiser/me/regulation',
      token: shop,
      payload: { regulationIds: [regulation?.id] },
    }),
    'regulations accepted',
  );

  const contact = await expectOk(
    await sendContact(t, shop, 'advertiser', { subject: 'Help', message: 'Please' }, [
      { name: 'shot.png', content: png, type: 'image/png' },
    ]),
    'support contact',
  );
  const contactId = contact.data.formContact?.id;
  await expectOk(
    await t.call({
      method: 'POST',
      url: '/api/admin/comments',
      token: admin,
      payload: { formContactId: contactId, content: 'On it' },
    }),
    'support reply',
  );
  await expectOk(
    await t.call({
      method: 'PUT',
      url: `/api/admin/form-contacts/${contactId}`,
      token: admin,
      payload: { status: 'resolved' },
    }),
    'support resolved',
  );

  const session = await expectOk(
    await t.call({ method: 'POST', url: `/api/admin/advertisers/${shopId}/auth`, token: admin }),
    'log in as',
  );
  const asShop = (session.data as unknown as { authToken: string }).authToken;
  await expectOk(
    await send('POST', '/api/advertiser/log-top-up-requests', asShop, { amount: 2_000 }),
    'top-up request while logged in as',
  );
  await expectOk(
    await t.call({ method: 'DELETE', url: '/api/advertiser/auth/token', token: asShop }),
    'log out',
  );
}

describe("the rows about an agency's advertiser", () => {
  it('all carry the agency, so the agency reads every one of them in its log', async () => {
    await writeAboutTheAdvertiser();
    const rows = await t.database.db
      .select({ id: activityLogs.id, entityType: activityLogs.entityType, agencyId: activityLogs.agencyId })
      .from(activityLogs)
      .where(eq(activityLogs.advertiserId, f.shopId));
    // Each kind of write left its row.
    expect(new Set(rows.map((row) => row.entityType))).toEqual(
      new Set([
        'top_up_request',
        'ledger_transaction',
        'advertiser',
        'online_payment',
        'invoice',
        'advertiser_user',
        'log_regulation',
        'file_upload',
        'form_contact',
        'comment',
        'impersonation',
      ]),
    );
    expect(rows.filter((row) => row.agencyId !== f.agencyId)).toEqual([]);

    const res = await t.call({
      method: 'GET',
      url: `/api/agency/activity-logs?perPage=${MAX_PAGE_SIZE}`,
      token: f.agency,
    });
    const listed = new Set(
      (res.body.data.activityLogs.elements as { id: number }[]).map((entry) => entry.id),
    );
    expect(rows.filter((row) => !listed.has(row.id))).toEqual([]);
  });

  it('leave an advertiser without an agency without one', async () => {
    await expectOk(
      await f.send('POST', '/api/advertiser/log-top-up-requests', f.solo, { amount: 10_000 }),
      'top-up request',
    );
    const solo = await t.database.db
      .select({ agencyId: activityLogs.agencyId })
      .from(activityLogs)
      .where(eq(activityLogs.advertiserId, f.soloId));
    expect(solo.length).toBeGreaterThan(0);
    expect(solo.every((row) => row.agencyId === null)).toBe(true);
  });
});
