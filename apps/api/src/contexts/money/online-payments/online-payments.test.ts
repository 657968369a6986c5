import type { AddressInfo } from 'node:net';
import { logExternalApis } from '@rtb/db';
import { messages, paymentMessages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectLedgerInvariants, moneyFixture } from '../payments/test-helpers';
import { type FakeStripe, startFakeStripe } from './fake-stripe';

const WEBHOOK_SECRET = 'whsec_test_secret';
let stripeApi: FakeStripe;
let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
beforeAll(async () => {
  stripeApi = await startFakeStripe();
  t = await createTestApp({
    demo: true,
    config: { stripe: { secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET, apiUrl: stripeApi.url } },
  });
  f = await moneyFixture(t);
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

const start = (token: string, amount: number, key?: string) =>
  f.send(
    'POST',
    `/api/${token === f.agency ? 'agency' : 'advertiser'}/payments/online`,
    token,
    { amount },
    key,
  );

let events = 0;
/** A Stripe event about a Checkout session, signed as Stripe signs it (or with another secret). */
function signedEvent(type: string, session: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${++events}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'checkout.session', ...session } },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
const deliver = (event: { payload: string; signature: string }) =>
  t.call({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });
const paid = (id: string, amount: number, currency = 'pln') =>
  signedEvent('checkout.session.completed', { id, amount_total: amount, currency, payment_status: 'paid' });

describe('starting an online top-up', () => {
  it('says online top-up is available', async () => {
    const { paymentsOverview } = await f.get('/api/advertiser/payments/overview', f.shop);
    expect(paymentsOverview.onlineTopUp).toEqual({ available: true, maxGross: 99_999_999 });
  });

  it('opens a Checkout session for the gross amount and credits nothing yet', async () => {
    const res = await start(f.shop, 50_000);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const payment = res.body.data.onlinePayment;
    expect(payment).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      advertiser: { id: f.shopId },
      currency: { code: 'PLN' },
      net: 50_000,
      taxPercent: 23,
      tax: 11_500,
      gross: 61_500,
      checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_test_1',
      createdBy: { email: 'advertiser@example.com' },
      invoice: null,
    });
    expect(stripeApi.sessions[0]).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'pln',
      'line_items[0][price_data][unit_amount]': '61500',
      client_reference_id: String(payment.id),
      customer_email: 'invoices@demo-shop.example.com',
      success_url: `http://panel.test/panel/advertiser/payments?onlinePayment=${payment.id}&result=success`,
      cancel_url: `http://panel.test/panel/advertiser/payments?onlinePayment=${payment.id}&result=cancel`,
    });
    const { paymentsOverview } = await f.get('/api/advertiser/payments/overview', f.shop);
    expect(paymentsOverview.balance).toBe(0);
    await t.deps.externalCalls.settled();
    const calls = await t.database.db
      .select()
      .from(logExternalApis)
      .where(eq(logExternalApis.service, 'stripe'));
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: `${stripeApi.url}/v1/checkout/sessions`,
        statusCode: 200,
      }),
    ]);
  });

  it('answers 502 with a clear text when Stripe fails, and keeps no payment', async () => {
    stripeApi.status = 500;
    const res = await start(f.shop, 1_000);
    stripeApi.status = 200;
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      message: paymentMessages.providerUnavailable,
      code: 502,
      error: 'payments.provider_unavailable',
    });
    const { onlinePayments } = await f.get('/api/advertiser/payments/online', f.shop);
    expect(onlinePayments.meta.total).toBe(1);
  });

  it('refuses amounts Stripe cannot take', async () => {
    const res = await start(f.shop, 81_300_813); // 99,999,999.99 with VAT is too much
    expect(res.body.errors).toEqual({ amount: [paymentMessages.onlineAmountTooLarge] });
  });
});

describe('the Stripe webhook', () => {
  it('credits a paid session once, with its invoice, however often the event comes', async () => {
    const payment = (await start(f.agency, 100_000)).body.data.onlinePayment;
    const sessionId = payment.checkoutUrl.split('/').at(-1);
    const event = paid(sessionId, 123_000);
    for (let i = 0; i < 3; i++) {
      const res = await deliver(event);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true });
    }
    // A new event about the same session (Stripe retries with new ids too) changes nothing either.
    expect((await deliver(paid(sessionId, 123_000))).status).toBe(200);

    const { onlinePayment } = await f.get(`/api/agency/payments/online/${payment.id}`, f.agency);
    expect(onlinePayment).toMatchObject({
      status: 'paid',
      checkoutUrl: null,
      invoice: { number: expect.stringMatching(/^INV\//), gross: 123_000 },
    });
    expect(onlinePayment.paidAt).not.toBeNull();
    const { payments } = await f.get('/api/agency/payments', f.agency);
    expect(payments.elements).toEqual([
      expect.objectContaining({
        type: 'online_top_up',
        amount: 100_000,
        balanceAfter: 100_000,
        initiator: expect.objectContaining({ email: 'agency@example.com' }),
        invoice: onlinePayment.invoice,
      }),
    ]);
    const { invoice } = await f.get(`/api/agency/invoices/${onlinePayment.invoice.id}`, f.agency);
    expect(invoice).toMatchObject({ paymentMethod: 'online', net: 100_000, tax: 23_000, gross: 123_000 });
    await expectLedgerInvariants(t.database.db);
  });

  it('credits nothing when the amount or currency paid is not what was asked', async () => {
    const payment = (await start(f.shop, 10_000)).body.data.onlinePayment;
    const sessionId = payment.checkoutUrl.split('/').at(-1);
    expect((await deliver(paid(sessionId, 1_230))).status).toBe(200);
    const { onlinePayment } = await f.get(`/api/advertiser/payments/online/${payment.id}`, f.shop);
    expect(onlinePayment).toMatchObject({
      status: 'failed',
      failureReason: 'Paid 1230 PLN, expected 12300 PLN.',
    });
    expect((await f.get('/api/advertiser/payments/overview', f.shop)).paymentsOverview.balance).toBe(0);
  });

  it('marks expired and failed sessions, and waits for a session paid later', async () => {
    const later = (await start(f.shop, 2_000)).body.data.onlinePayment;
    const laterId = later.checkoutUrl.split('/').at(-1);
    await deliver(signedEvent('checkout.session.completed', { id: laterId, payment_status: 'unpaid' }));
    expect((await f.get(`/api/advertiser/payments/online/${later.id}`, f.shop)).onlinePayment.status).toBe(
      'pending',
    );
    await deliver(
      signedEvent('checkout.session.async_payment_succeeded', {
        id: laterId,
        amount_total: 2_460,
        currency: 'pln',
        payment_status: 'paid',
      }),
    );
    expect((await f.get(`/api/advertiser/payments/online/${later.id}`, f.shop)).onlinePayment.status).toBe(
      'paid',
    );

    const expiring = (await start(f.shop, 3_000)).body.data.onlinePayment;
    await deliver(signedEvent('checkout.session.expired', { id: expiring.checkoutUrl.split('/').at(-1) }));
    const failing = (await start(f.shop, 4_000)).body.data.onlinePayment;
    await deliver(
      signedEvent('checkout.session.async_payment_failed', { id: failing.checkoutUrl.split('/').at(-1) }),
    );
    const { onlinePayments } = await f.get('/api/advertiser/payments/online?status=pending', f.shop);
    expect(onlinePayments.elements.map((p: { id: number }) => p.id)).not.toContain(expiring.id);
    expect((await f.get(`/api/advertiser/payments/online/${expiring.id}`, f.shop)).onlinePayment.status).toBe(
      'expired',
    );
    expect((await f.get(`/api/advertiser/payments/online/${failing.id}`, f.shop)).onlinePayment.status).toBe(
      'failed',
    );
    // An unknown session and an event of no interest are acknowledged and ignored.
    expect((await deliver(paid('cs_unknown', 100))).status).toBe(200);
    expect((await deliver(signedEvent('customer.created', { id: 'cus_1' }))).status).toBe(200);
  });

  it('refuses a forged, unsigned or stale event', async () => {
    const payment = (await start(f.shop, 5_000)).body.data.onlinePayment;
    const sessionId = payment.checkoutUrl.split('/').at(-1);
    const forged = paid(sessionId, 6_150);
    const wrongSecret = signedEvent(
      'checkout.session.completed',
      { id: sessionId, amount_total: 6_150, currency: 'pln', payment_status: 'paid' },
      'whsec_other',
    );
    const stale = (() => {
      const event = paid(sessionId, 6_150);
      const timestamp = Math.floor(Date.now() / 1000) - 3600;
      return {
        ...event,
        signature: Stripe.webhooks.generateTestHeaderString({
          payload: event.payload,
          secret: WEBHOOK_SECRET,
          timestamp,
        }),
      };
    })();
    for (const event of [
      { payload: forged.payload.replace('6150', '1'), signature: forged.signature },
      wrongSecret,
      stale,
      { payload: forged.payload, signature: '' },
    ]) {
      const res = await deliver(event);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: paymentMessages.invalidSignature,
        code: 400,
        error: 'payments.invalid_signature',
      });
    }
    expect((await f.get(`/api/advertiser/payments/online/${payment.id}`, f.shop)).onlinePayment.status).toBe(
      'pending',
    );
  });

  it('reads the exact bytes over real HTTP, in front of the method override', async () => {
    const payment = (await start(f.solo, 7_000)).body.data.onlinePayment;
    expect(payment).toMatchObject({ taxNote: 'reverse_charge', gross: 7_000, currency: { code: 'EUR' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Spacing that JSON.parse + stringify would change: the signature covers these bytes.
    const event = signedEvent('checkout.session.completed', {
      id: payment.checkoutUrl.split('/').at(-1),
      amount_total: 7_000,
      currency: 'eur',
      payment_status: 'paid',
    });
    const payload = event.payload.replace('{', '{ ');
    const res = await fetch(`${base}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(res.status).toBe(200);
    expect((await f.get('/api/advertiser/payments/overview', f.solo)).paymentsOverview.balance).toBe(7_000);
  });
});

describe('without Stripe', () => {
  it('says online top-up is unavailable, refuses to start one and has no webhook', async () => {
    const plain = await createTestApp({ demo: true });
    try {
      const g = await moneyFixture(plain);
      const info = await g.get('/api/advertiser/payments/overview', g.shop);
      expect(info.paymentsOverview.onlineTopUp.available).toBe(false);
      const res = await g.send('POST', '/api/advertiser/payments/online', g.shop, { amount: 100 });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        message: paymentMessages.onlineTopUpUnavailable,
        code: 409,
        error: 'payments.online_top_up_unavailable',
      });
      const hook = await plain.call({ method: 'POST', url: '/api/payments/stripe/webhook', payload: {} });
      expect(hook.status).toBe(404);
      expect(hook.body.message).toBe(messages.notFound);
    } finally {
      await plain.close();
    }
  });
});
