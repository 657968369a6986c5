import { messages, paymentMessages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signedInAdmin } from '../../../test/permissions';
import { expectLedgerInvariants, moneyFixture } from './test-helpers';

let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  f = await moneyFixture(t);
});
afterAll(() => t.close());

const topUps = (kind: 'agencies' | 'advertisers', id: number) => `/api/admin/${kind}/${id}/top-ups`;

describe('admin manual operations', () => {
  it('tops up by hand, corrects either way and refunds, each a movement with its balances and initiator', async () => {
    const url = topUps('advertisers', f.soloId);
    const top = await f.send('POST', url, f.admin, {
      type: 'manual_top_up',
      amount: 50_000,
      reason: 'Wire 2025-03',
    });
    expect(top.status, JSON.stringify(top.body)).toBe(201);
    expect(top.body.data.payment).toMatchObject({
      type: 'manual_top_up',
      account: 'balance',
      advertiser: { id: f.soloId, name: 'Solo Store' },
      agency: null,
      counterparty: null,
      currency: { code: 'EUR' },
      amount: 50_000,
      balanceBefore: 0,
      balanceAfter: 50_000,
      reason: 'Wire 2025-03',
      initiator: { name: 'Ada Admin', email: 'admin@example.com' },
      impersonator: null,
      invoice: null,
    });

    const down = await f.send('POST', url, f.admin, {
      type: 'correction',
      amount: -1_500,
      reason: 'Double click',
    });
    expect(down.body.data.payment).toMatchObject({
      type: 'correction',
      amount: -1_500,
      balanceAfter: 48_500,
    });
    const up = await f.send('POST', url, f.admin, { type: 'correction', amount: 500, reason: 'Goodwill' });
    expect(up.body.data.payment).toMatchObject({ amount: 500, balanceBefore: 48_500, balanceAfter: 49_000 });
    const refund = await f.send('POST', url, f.admin, {
      type: 'refund',
      amount: 9_000,
      reason: 'Contract ended',
    });
    expect(refund.body.data.payment).toMatchObject({ type: 'refund', amount: -9_000, balanceAfter: 40_000 });

    const { advertiser } = await f.get(`/api/admin/advertisers/${f.soloId}`, f.admin);
    expect(advertiser.balance).toBe(40_000);
    const { payments } = await f.get(`/api/advertiser/payments`, f.solo);
    expect(payments.elements.map((p: { type: string }) => p.type)).toEqual([
      'refund',
      'correction',
      'correction',
      'manual_top_up',
    ]);
    const { logTopUps } = await f.get('/api/advertiser/log-top-ups', f.solo);
    expect(logTopUps.elements).toEqual([
      expect.objectContaining({
        type: 'manual_top_up',
        amount: 50_000,
        invoice: null,
        reason: 'Wire 2025-03',
      }),
    ]);
    await expectLedgerInvariants(t.database.db);
  });

  it('refuses a debit below the floor: refunds never use credit, corrections may', async () => {
    const url = topUps('agencies', f.agencyId);
    await f.send('POST', url, f.admin, { type: 'manual_top_up', amount: 1_000, reason: 'Opening' });
    const refund = await f.send('POST', url, f.admin, { type: 'refund', amount: 1_001, reason: 'Too much' });
    expect(refund.status).toBe(422);
    expect(refund.body).toEqual({
      message: messages.validation,
      code: 422,
      error: 'validation.failed',
      issues: expect.any(Object),
      errors: { amount: [paymentMessages.refundAboveBalance] },
    });
    const correction = await f.send('POST', url, f.admin, {
      type: 'correction',
      amount: -1_001,
      reason: 'Over',
    });
    expect(correction.body.errors).toEqual({ amount: [paymentMessages.insufficientFunds] });

    const credit = await t.call({
      method: 'POST',
      url: '/api/admin/log-credits',
      token: f.admin,
      payload: { agencyId: f.agencyId, creditLimit: 5_000, useCreditLimit: true, reason: 'Trusted partner' },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const within = await f.send('POST', url, f.admin, { type: 'correction', amount: -6_000, reason: 'Fee' });
    expect(within.body.data.payment.balanceAfter).toBe(-5_000);
    const beyond = await f.send('POST', url, f.admin, { type: 'correction', amount: -1, reason: 'Fee' });
    expect(beyond.body.errors).toEqual({ amount: [paymentMessages.insufficientFunds] });
    const stillRefusedRefund = await f.send('POST', url, f.admin, {
      type: 'refund',
      amount: 1,
      reason: 'x y z',
    });
    expect(stillRefusedRefund.body.errors).toEqual({ amount: [paymentMessages.refundAboveBalance] });
    const { agency } = await f.get(`/api/admin/agencies/${f.agencyId}`, f.admin);
    expect(agency).toMatchObject({ balance: -5_000, creditValue: 5_000, availableCredit: 0 });
    await expectLedgerInvariants(t.database.db);
  });

  it('validates the body with the texts of the rules', async () => {
    const url = topUps('advertisers', f.shopId);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ type: 'manual_top_up', amount: 0, reason: 'Zero' }, { amount: [paymentMessages.amountPositive] }],
      [{ type: 'refund', amount: -5, reason: 'Negative' }, { amount: [paymentMessages.amountPositive] }],
      [{ type: 'correction', amount: 0, reason: 'Zero' }, { amount: [paymentMessages.correctionNotZero] }],
      [
        { type: 'manual_top_up', amount: 10.5, reason: 'Cents' },
        { amount: [paymentMessages.amountPositive] },
      ],
      [{ type: 'manual_top_up', amount: 100, reason: ' a ' }, { reason: [paymentMessages.reasonRequired] }],
      [{ type: 'manual_top_up', amount: 100 }, { reason: [paymentMessages.reasonRequired] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await f.send('POST', url, f.admin, payload);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(res.body.errors, JSON.stringify(payload)).toEqual(errors);
    }
    const unknown = await f.send('POST', topUps('advertisers', 999_999), f.admin, {
      type: 'manual_top_up',
      amount: 100,
      reason: 'Nobody',
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses money for an organisation without a currency', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/admin/agencies',
      token: f.admin,
      payload: { name: 'No Currency Agency' },
    });
    const res = await f.send('POST', topUps('agencies', created.body.data.agency.id), f.admin, {
      type: 'manual_top_up',
      amount: 100,
      reason: 'Try it',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ currency: [paymentMessages.currencyNotSet] });
  });
});

describe('idempotency of money-moving requests', () => {
  const payload = { type: 'manual_top_up', amount: 700, reason: 'Retried' };

  it('answers a retry with the first answer and posts once', async () => {
    const url = topUps('advertisers', f.shopId);
    const first = await f.send('POST', url, f.admin, payload, 'retry-1');
    const again = await f.send('POST', url, f.admin, payload, 'retry-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const { payments } = await f.get(
      `/api/admin/payments?advertiserId=${f.shopId}&type=manual_top_up`,
      f.admin,
    );
    expect(payments.elements.filter((p: { reason: string }) => p.reason === 'Retried')).toHaveLength(1);
  });

  it('refuses the same key with other parameters, and a missing or malformed key', async () => {
    const url = topUps('advertisers', f.shopId);
    await f.send('POST', url, f.admin, payload, 'retry-2');
    const other = await f.send('POST', url, f.admin, { ...payload, amount: 701 }, 'retry-2');
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ idempotencyKey: [paymentMessages.idempotencyKeyReused] });
    const elsewhere = await f.send('POST', topUps('agencies', f.agencyId), f.admin, payload, 'retry-2');
    expect(elsewhere.body.errors).toEqual({ idempotencyKey: [paymentMessages.idempotencyKeyReused] });

    const missing = await f.send('POST', url, f.admin, payload, null);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ idempotencyKey: [paymentMessages.idempotencyKeyMissing] });
    const long = await f.send('POST', url, f.admin, payload, 'x'.repeat(256));
    expect(long.body.errors).toEqual({ idempotencyKey: [paymentMessages.idempotencyKeyInvalid] });
  });

  it('does not keep a refused answer: the same key can be sent again once it would pass', async () => {
    const url = topUps('advertisers', f.shopId);
    const refund = { type: 'refund', amount: 10_000_000, reason: 'Too big' };
    const refused = await f.send('POST', url, f.admin, refund, 'retry-3');
    expect(refused.status).toBe(422);
    await f.send('POST', url, f.admin, { type: 'manual_top_up', amount: 10_000_000, reason: 'Big wire' });
    const passed = await f.send('POST', url, f.admin, refund, 'retry-3');
    expect(passed.status).toBe(201);
  });

  it('keeps keys per account: another admin may use the same key', async () => {
    const url = topUps('advertisers', f.shopId);
    await f.send('POST', url, f.admin, payload, 'shared-key');
    const { token: other } = await signedInAdmin(t, f.admin, 'olga@example.com', 'operator');
    const res = await f.send('POST', url, other, { ...payload, amount: 900 }, 'shared-key');
    expect(res.status).toBe(201);
    expect(res.body.data.payment.amount).toBe(900);
  });
});
