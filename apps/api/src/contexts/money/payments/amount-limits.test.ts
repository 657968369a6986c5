import { aboveMaximumText, messages, paymentMessages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { proformaDocument } from '../invoices/document';
import { startFakeStripe } from '../online-payments/fake-stripe';
import { expectLedgerInvariants, moneyFixture } from './test-helpers';

let stripeApi: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
const configIds: Record<string, number> = {};
beforeAll(async () => {
  stripeApi = await startFakeStripe();
  t = await createTestApp({
    demo: true,
    config: { stripe: { secretKey: 'sk_test_123', webhookSecret: 'whsec_x', apiUrl: stripeApi.url } },
  });
  f = await moneyFixture(t);
  const { configValues } = await f.get('/api/admin/config-values?perPage=100', f.admin);
  for (const row of configValues.elements) configIds[row.key] = row.id;
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

const setConfig = async (key: string, value: unknown) => {
  const res = await t.call({
    method: 'PUT',
    url: `/api/admin/config-values/${configIds[key]}`,
    token: f.admin,
    payload: { value },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const aboveMax = (field: string, text: string) => ({
  message: messages.validation,
  code: 422,
  error: 'validation.failed',
  issues: expect.any(Object),
  errors: { [field]: [text] },
});

describe('the maximum amount (config value max_amount)', () => {
  it('refuses a top-up request of 99,999,999,999 by default, naming the maximum of 1,000,000.00', async () => {
    const res = await f.send('POST', '/api/advertiser/log-top-up-requests', f.shop, {
      amount: 9_999_999_999_900,
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(aboveMax('amount', 'The amount cannot be more than 1,000,000.00.'));
    const atMax = await f.send('POST', '/api/advertiser/log-top-up-requests', f.shop, {
      amount: 100_000_000,
    });
    expect(atMax.status, JSON.stringify(atMax.body)).toBe(201);
  });

  it('applies the configured maximum on every route that moves money or sets a credit limit', async () => {
    await setConfig('max_amount', '5000.00');
    const amountText = aboveMaximumText(paymentMessages.amountAboveMaximum, 500_000);
    const creditText = aboveMaximumText(paymentMessages.creditLimitAboveMaximum, 500_000);
    expect(amountText).toBe('The amount cannot be more than 5,000.00.');
    const over = 500_001;
    const cases: [string, () => ReturnType<typeof f.send>, string, string][] = [
      [
        'agency top-up request',
        () => f.send('POST', '/api/agency/log-top-up-requests', f.agency, { amount: over }),
        'amount',
        amountText,
      ],
      [
        'advertiser top-up request',
        () => f.send('POST', '/api/advertiser/log-top-up-requests', f.shop, { amount: over }),
        'amount',
        amountText,
      ],
      [
        'online top-up',
        () => f.send('POST', '/api/advertiser/payments/online', f.shop, { amount: over }),
        'amount',
        amountText,
      ],
      ...(['manual_top_up', 'refund'] as const).map(
        (type): [string, () => ReturnType<typeof f.send>, string, string] => [
          `manual ${type}`,
          () =>
            f.send('POST', `/api/admin/advertisers/${f.shopId}/top-ups`, f.admin, {
              type,
              amount: over,
              reason: 'Wire',
            }),
          'amount',
          amountText,
        ],
      ),
      [
        'debiting correction',
        () =>
          f.send('POST', `/api/admin/agencies/${f.agencyId}/top-ups`, f.admin, {
            type: 'correction',
            amount: -over,
            reason: 'Fix',
          }),
        'amount',
        amountText,
      ],
      [
        'transfer',
        () =>
          f.send('POST', '/api/agency/payments/transfers', f.agency, {
            advertiserId: f.shopId,
            amount: over,
          }),
        'amount',
        amountText,
      ],
      [
        'credit limit',
        () =>
          f.send('POST', '/api/admin/log-credits', f.admin, {
            agencyId: f.agencyId,
            creditLimit: over,
            useCreditLimit: true,
            reason: 'Trusted',
          }),
        'creditLimit',
        creditText,
      ],
      [
        'agency form credit limit',
        () =>
          f.send('PUT', `/api/admin/agencies/${f.agencyId}`, f.admin, {
            name: 'Demo Agency',
            creditLimit: over,
          }),
        'creditLimit',
        creditText,
      ],
      [
        'advertiser form credit limit',
        () =>
          f.send('PUT', `/api/admin/advertisers/${f.shopId}`, f.admin, {
            name: 'Demo Shop',
            creditLimit: over,
          }),
        'creditLimit',
        creditText,
      ],
    ];
    for (const [label, call, field, text] of cases) {
      const res = await call();
      expect(res.status, label).toBe(422);
      expect(res.body, label).toEqual(aboveMax(field, text));
    }
    // At the maximum they pass this rule (a transfer then needs the agency's money).
    const top = await f.send('POST', `/api/admin/agencies/${f.agencyId}/top-ups`, f.admin, {
      type: 'manual_top_up',
      amount: 500_000,
      reason: 'Wire',
    });
    expect(top.status, JSON.stringify(top.body)).toBe(201);
    const sent = await f.send('POST', '/api/agency/payments/transfers', f.agency, {
      advertiserId: f.shopId,
      amount: 500_000,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const credit = await f.send('POST', '/api/admin/log-credits', f.admin, {
      agencyId: f.agencyId,
      creditLimit: 500_000,
      useCreditLimit: true,
      reason: 'Trusted',
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    // Nothing refused moved money or changed the limit.
    const { agency } = await f.get(`/api/admin/agencies/${f.agencyId}`, f.admin);
    expect(agency.creditLimit).toBe(500_000);
    await expectLedgerInvariants(t.database.db);
    await setConfig('max_amount', '1000000.00');
  });
});

describe("the seller's bank account", () => {
  it('is not shown to users while it is the placeholder of zeros, and the admin is told to set it', async () => {
    const { paymentsOverview } = await f.get('/api/advertiser/payments/overview', f.shop);
    expect(paymentsOverview.bankTransfer).toEqual({ sellerName: 'RTB Panel sp. z o.o.', bankAccount: null });
    const { paymentsSetup } = await f.get('/api/admin/payments/setup', f.admin);
    expect(paymentsSetup).toEqual({
      bankAccountConfigured: false,
      bankAccountConfigValueId: configIds.seller_bank_account,
    });
    const asked = await f.send('POST', '/api/agency/log-top-up-requests', f.agency, { amount: 10_000 });
    expect(asked.status).toBe(201);
    expect(asked.body.data.logTopUpRequest.bankAccount).toBeNull();
    // Users may not read it.
    const refused = await t.call({ method: 'GET', url: '/api/admin/payments/setup', token: f.agency });
    expect(refused.status).toBe(403);

    await setConfig('seller_bank_account', 'PL61 1090 1014 0000 0712 1981 2874');
    const after = await f.get('/api/advertiser/payments/overview', f.shop);
    expect(after.paymentsOverview.bankTransfer.bankAccount).toBe('PL61 1090 1014 0000 0712 1981 2874');
    expect((await f.get('/api/admin/payments/setup', f.admin)).paymentsSetup.bankAccountConfigured).toBe(
      true,
    );
    // A request made before shows the account now set.
    const { logTopUpRequest } = await f.get(
      `/api/agency/log-top-up-requests/${asked.body.data.logTopUpRequest.id}`,
      f.agency,
    );
    expect(logTopUpRequest.bankAccount).toBe('PL61 1090 1014 0000 0712 1981 2874');
  });

  it('is not printed on a proforma while it is the placeholder', () => {
    const document = proformaDocument({
      transferTitle: 'TOP-UP/1',
      issuedAt: new Date('2025-03-01T10:00:00Z'),
      seller: {
        name: 'RTB',
        address: 'ul. 1',
        taxId: 'PL0000000000',
        bankAccount: 'PL00 0000 0000 0000 0000 0000 0000',
        country: 'Poland',
      },
      buyer: {
        name: 'Shop',
        taxId: 'PL1',
        address: 'ul. 2',
        email: 'a@b.c',
        country: 'Poland',
        countryCode: 'PL',
      },
      description: 'Top-up',
      currencyCode: 'PLN',
      minorUnits: 2,
      net: 100,
      taxPercent: '23.00',
      tax: 23,
      gross: 123,
      taxNote: null,
    });
    expect(document.facts).toContainEqual(['Bank account', 'to be given by the platform']);
    expect(document.notes).toContain(
      'To pay: 1.23 PLN, title "TOP-UP/1", to the bank account the platform will give.',
    );
    expect(JSON.stringify(document)).not.toContain('PL00 0000');
  });
});
