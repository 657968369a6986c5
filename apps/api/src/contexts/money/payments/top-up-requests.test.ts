import { advertisers, queuedEmailAttachments } from '@rtb/db';
import { messages, paymentMessages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { accountActor } from '../../platform/activity-logs/service';
import { createTopUpRequest } from './create-top-up-request';
import { expectLedgerInvariants, moneyFixture } from './test-helpers';

let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  f = await moneyFixture(t);
});
afterAll(() => t.close());

const ask = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  f.send(
    'POST',
    `/api/${token === f.agency ? 'agency' : 'advertiser'}/log-top-up-requests`,
    token,
    payload,
    undefined,
    headers,
  );
const decide = (id: number, payload: Record<string, unknown>) =>
  f.send('PUT', `/api/admin/log-top-up-requests/${id}/status`, f.admin, payload);

describe('asking for a top-up by bank transfer', () => {
  it('makes a pending request with the proforma amounts from the billing data', async () => {
    const res = await ask(f.shop, { amount: 100_000, comment: 'For the spring campaign' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.logTopUpRequest).toMatchObject({
      status: 'pending',
      advertiser: { id: f.shopId, name: 'Demo Shop' },
      agency: null,
      currency: { code: 'PLN' },
      net: 100_000,
      taxPercent: 23,
      tax: 23_000,
      gross: 123_000,
      taxNote: null,
      comment: 'For the spring campaign',
      buyer: {
        name: 'Demo Shop',
        taxId: 'PL7010002137',
        address: 'ul. Prosta 20, 00-850 Warszawa',
        email: 'invoices@demo-shop.example.com',
        country: 'Poland',
        countryCode: 'PL',
      },
      transferTitle: `TOP-UP/${res.body.data.logTopUpRequest.id}`,
      // The seeded placeholder of zeros is never shown as the account to pay to.
      bankAccount: null,
      requestedBy: { name: 'Dorota Sklepowa', email: 'advertiser@example.com' },
      decidedBy: null,
      invoice: null,
    });
  });

  it('charges no VAT across EU borders (reverse charge)', async () => {
    const res = await ask(f.solo, { amount: 10_000 });
    expect(res.body.data.logTopUpRequest).toMatchObject({
      currency: { code: 'EUR' },
      taxPercent: 0,
      tax: 0,
      gross: 10_000,
      taxNote: 'reverse_charge',
    });
  });

  it('refuses while the billing data are incomplete, saying which fields are missing', async () => {
    await t.database.db
      .update(advertisers)
      .set({ taxId: null, websiteLocales: [] })
      .where(eq(advertisers.id, f.soloId));
    const res = await ask(f.solo, { amount: 10_000 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: messages.validation,
      code: 422,
      error: 'validation.failed',
      issues: expect.any(Object),
      errors: { billing: [paymentMessages.billingIncomplete] },
      billingMissing: ['taxId', 'websiteLocales'],
    });
    const info = await f.get('/api/advertiser/payments/overview', f.solo);
    expect(info.paymentsOverview).toMatchObject({
      billingComplete: false,
      billingMissing: ['taxId', 'websiteLocales'],
    });
    await t.database.db
      .update(advertisers)
      .set({ taxId: 'DE811907980', websiteLocales: ['en'] })
      .where(eq(advertisers.id, f.soloId));
  });

  it('validates the amount', async () => {
    for (const amount of [0, -1, 1.5, '100']) {
      const res = await ask(f.shop, { amount });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ amount: [paymentMessages.amountPositive] });
    }
    const huge = await ask(f.shop, { amount: 10_000_000_000_001 });
    expect(huge.body.errors).toEqual({ amount: [paymentMessages.amountTooLarge] });
  });

  it('lets each organisation see only its own requests', async () => {
    await ask(f.agency, { amount: 5_000 });
    const own = await f.get('/api/advertiser/log-top-up-requests', f.shop);
    expect(
      own.logTopUpRequests.elements.every(
        (r: { advertiser: { id: number } }) => r.advertiser.id === f.shopId,
      ),
    ).toBe(true);
    const agency = await f.get('/api/agency/log-top-up-requests', f.agency);
    expect(agency.logTopUpRequests.elements).toHaveLength(1);
    expect(agency.logTopUpRequests.elements[0].agency.id).toBe(f.agencyId);
    // The agency may look at one of its advertisers; another advertiser's request is not found.
    const shopOnes = await t.call({
      method: 'GET',
      url: '/api/agency/log-top-up-requests',
      token: f.agency,
      headers: { 'advertiser-id': String(f.shopId) },
    });
    expect(shopOnes.body.data.logTopUpRequests.meta.total).toBe(own.logTopUpRequests.meta.total);
    const soloId = (await f.get('/api/advertiser/log-top-up-requests', f.solo)).logTopUpRequests.elements[0]
      .id;
    const foreign = await t.call({
      method: 'GET',
      url: `/api/advertiser/log-top-up-requests/${soloId}`,
      token: f.shop,
    });
    expect(foreign.status).toBe(404);
    const foreignPdf = await t.call({
      method: 'GET',
      url: `/api/advertiser/log-top-up-requests/${soloId}/proforma`,
      token: f.shop,
    });
    expect(foreignPdf.status).toBe(404);
    const all = await f.get('/api/admin/log-top-up-requests?status=pending', f.admin);
    expect(all.logTopUpRequests.meta.total).toBe(3);
  });

  it('gives the proforma as a PDF', async () => {
    const { logTopUpRequests } = await f.get('/api/advertiser/log-top-up-requests', f.shop);
    const id = logTopUpRequests.elements[0].id;
    const res = await t.call({
      method: 'GET',
      url: `/api/advertiser/log-top-up-requests/${id}/proforma`,
      token: f.shop,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="PROFORMA-TOP-UP-${id}.pdf"`);
    expect(String(res.body).startsWith('%PDF-')).toBe(true);
  });
});

describe('deciding a request', () => {
  it('accepting credits the net amount, issues the invoice and mails the requester', async () => {
    const created = await ask(f.shop, { amount: 20_000 });
    const id = created.body.data.logTopUpRequest.id;
    const res = await decide(id, { status: 'accepted' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const request = res.body.data.logTopUpRequest;
    expect(request).toMatchObject({
      status: 'accepted',
      decidedBy: { name: 'Ada Admin' },
      rejectionReason: null,
      invoice: { number: expect.stringMatching(/^INV\/\d{4}\/\d{6}$/), gross: 24_600 },
    });

    const { payments } = await f.get('/api/advertiser/payments?type=bank_transfer_top_up', f.shop);
    expect(payments.elements[0]).toMatchObject({
      amount: 20_000,
      balanceBefore: 0,
      balanceAfter: 20_000,
      reason: `TOP-UP/${id}`,
      initiator: { name: 'Ada Admin' },
      invoice: request.invoice,
    });
    const { logTopUps } = await f.get('/api/advertiser/log-top-ups', f.shop);
    expect(logTopUps.elements[0]).toMatchObject({
      type: 'bank_transfer_top_up',
      amount: 20_000,
      topUpRequestId: id,
    });
    const { invoice } = await f.get(`/api/advertiser/invoices/${request.invoice.id}`, f.shop);
    expect(invoice).toMatchObject({
      number: request.invoice.number,
      net: 20_000,
      tax: 4_600,
      gross: 24_600,
      paymentMethod: 'bank_transfer',
      seller: { name: 'RTB Panel sp. z o.o.', bankAccount: 'PL00 0000 0000 0000 0000 0000 0000' },
      buyer: { name: 'Demo Shop', taxId: 'PL7010002137' },
    });

    const mail = (await t.outbox()).findLast((m) => m.templateKey === 'top-up-request-accepted');
    expect(mail).toMatchObject({ toAddress: 'advertiser@example.com', locale: 'en' });
    expect(mail?.html).toContain('200.00 PLN');
    expect(mail?.html).toContain(request.invoice.number);
    expect(mail?.html).toContain('http://panel.test/panel/advertiser/payments');
    await expectLedgerInvariants(t.database.db);
  });

  it('rejecting needs a reason, which the requester reads', async () => {
    const created = await ask(f.agency, { amount: 7_500 });
    const id = created.body.data.logTopUpRequest.id;
    const bare = await decide(id, { status: 'rejected' });
    expect(bare.status).toBe(422);
    expect(bare.body.errors).toEqual({ reason: [paymentMessages.rejectionReasonRequired] });
    const res = await decide(id, { status: 'rejected', reason: 'No transfer arrived in 14 days.' });
    expect(res.body.data.logTopUpRequest).toMatchObject({
      status: 'rejected',
      rejectionReason: 'No transfer arrived in 14 days.',
      invoice: null,
    });
    const mail = (await t.outbox()).findLast((m) => m.templateKey === 'top-up-request-rejected');
    expect(mail?.toAddress).toBe('agency@example.com');
    expect(mail?.html).toContain('No transfer arrived in 14 days.');
    expect(mail?.html).toContain('75.00 PLN');
    const { paymentsOverview } = await f.get('/api/agency/payments/overview', f.agency);
    expect(paymentsOverview.balance).toBe(0);
  });

  it('decides a request once', async () => {
    const created = await ask(f.shop, { amount: 1_000 });
    const id = created.body.data.logTopUpRequest.id;
    expect((await decide(id, { status: 'accepted' })).status).toBe(200);
    for (const status of ['accepted', 'rejected']) {
      const again = await decide(id, { status, reason: 'Again' });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ status: [paymentMessages.requestDecided] });
    }
    expect((await decide(999_999, { status: 'accepted' })).status).toBe(404);
  });

  it('refuses to credit a request asked in a currency the organisation no longer uses', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/admin/advertisers',
      token: f.admin,
      payload: {
        name: 'Switching Shop',
        currencyId: await t.referenceId('currencies', 'PLN'),
        countryId: await t.referenceId('countries', 'PL'),
        taxId: 'PL1111111111',
        taxAddress: 'ul. Krótka 1, Kraków',
        taxEmail: 'billing@switching.example.com',
        websiteUrl: 'https://switching.example.com',
        websiteLocales: ['pl'],
      },
    });
    const advertiserId = created.body.data.advertiser.id;
    // Asked for by the system (the test): no user of the new shop is needed.
    const request = await inTransaction(t.deps, (tx) =>
      createTopUpRequest(tx, { advertiserId }, { amount: 1_000, comment: null }, accountActor()),
    );
    const switched = await t.call({
      method: 'PUT',
      url: `/api/admin/advertisers/${advertiserId}`,
      token: f.admin,
      payload: { name: 'Switching Shop', currencyId: await t.referenceId('currencies', 'EUR') },
    });
    expect(switched.status).toBe(200);
    const res = await decide(request.id, { status: 'accepted' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ currency: [paymentMessages.currencyChanged] });
    const still = await f.get(`/api/admin/log-top-up-requests/${request.id}`, f.admin);
    expect(still.logTopUpRequest.status).toBe('pending');
  });

  it('e-mails an invoice with its PDF on request', async () => {
    const { invoices } = await f.get('/api/advertiser/invoices', f.shop);
    const id = invoices.elements[0].id;
    const res = await t.call({
      method: 'POST',
      url: `/api/advertiser/invoices/${id}/send`,
      token: f.shop,
      payload: {},
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'queued' } });
    const mail = (await t.outbox()).findLast((m) => m.templateKey === 'invoice');
    expect(mail?.toAddress).toBe('invoices@demo-shop.example.com');
    expect(mail?.subject).toBe(`Invoice ${invoices.elements[0].number} from RTB Panel`);
    const [attachment] = await t.database.db
      .select()
      .from(queuedEmailAttachments)
      .where(eq(queuedEmailAttachments.queuedEmailId, mail?.id as number));
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toBe(`${invoices.elements[0].number.replaceAll('/', '-')}.pdf`);
    expect(attachment?.content.subarray(0, 5).toString()).toBe('%PDF-');

    const to = await t.call({
      method: 'POST',
      url: `/api/advertiser/invoices/${id}/send`,
      token: f.shop,
      payload: { email: 'accounts@demo-shop.example.com' },
    });
    expect(to.status).toBe(200);
    expect((await t.outbox()).at(-1)?.toAddress).toBe('accounts@demo-shop.example.com');
    const foreign = await t.call({
      method: 'POST',
      url: `/api/advertiser/invoices/${id}/send`,
      token: f.solo,
      payload: {},
    });
    expect(foreign.status).toBe(404);
  });

  it("downloads the invoice PDF with the token in the header, and never another organisation's", async () => {
    const { invoices } = await f.get('/api/advertiser/invoices', f.shop);
    const { id, number } = invoices.elements[0];
    const res = await t.call({
      method: 'GET',
      url: `/api/advertiser/invoices/${id}/pdf?download=1`,
      token: f.shop,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${number.replaceAll('/', '-')}.pdf"`,
    );
    // A token in the query string is no token (it would end up in logs and browser history).
    expect(
      (await t.call({ method: 'GET', url: `/api/advertiser/invoices/${id}/pdf?authorization=${f.shop}` }))
        .status,
    ).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: `/api/advertiser/invoices/${id}/pdf`, token: f.solo })).status,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/admin/invoices/${id}/pdf`, token: f.admin })).status,
    ).toBe(200);
  });
});
