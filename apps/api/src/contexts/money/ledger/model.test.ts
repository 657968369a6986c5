import { advertisers, agencies } from '@rtb/db';
import { accountBalances, balancesOf, postSpend } from '@rtb/ledger';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { HttpError } from '../../../core/errors';
import { createTestApp, type TestApp } from '../../../test/harness';
import { accountActor } from '../../platform/activity-logs/service';
import { changeCreditLimit } from '../payments/credit-limit';
import { manualOperation } from '../payments/manual-operation';
import { expectLedgerInvariants } from '../payments/test-helpers';
import { transfer } from '../payments/transfer';

/**
 * Random sequences of money operations against a simple model of the balances: after every
 * operation, what passed or was refused and every balance (and carried spend) must agree.
 */
type Target = 'agency' | 'advertiser';
type Op =
  | { kind: 'topUp'; target: Target; amount: number }
  | { kind: 'correction'; target: Target; amount: number }
  | { kind: 'refund'; target: Target; amount: number }
  | { kind: 'transfer'; direction: 'to_advertiser' | 'from_advertiser'; amount: number }
  | { kind: 'credit'; target: Target; creditLimit: number; useCreditLimit: boolean }
  | { kind: 'agencyPaid'; value: boolean }
  | { kind: 'spend'; micros: number };

const target = fc.constantFrom<Target>('agency', 'advertiser');
const amount = fc.integer({ min: 1, max: 5_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('topUp' as const), target, amount }),
  fc.record({
    kind: fc.constant('correction' as const),
    target,
    amount: fc.integer({ min: -5_000, max: 5_000 }).filter((n) => n !== 0),
  }),
  fc.record({ kind: fc.constant('refund' as const), target, amount }),
  fc.record({
    kind: fc.constant('transfer' as const),
    direction: fc.constantFrom('to_advertiser' as const, 'from_advertiser' as const),
    amount,
  }),
  fc.record({
    kind: fc.constant('credit' as const),
    target,
    creditLimit: fc.integer({ min: 0, max: 5_000 }),
    useCreditLimit: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('agencyPaid' as const), value: fc.boolean() }),
  fc.record({ kind: fc.constant('spend' as const), micros: fc.integer({ min: 0, max: 600_000 }) }),
);

interface Party {
  balance: number;
  creditLimit: number;
  useCreditLimit: boolean;
}
interface Model {
  agency: Party;
  advertiser: Party & { balanceAgency: number; agencyPaid: boolean };
  /** Carried spend (micro-units) per advertiser account. */
  carried: { balance: number; agency_balance: number };
}
const floor = (party: Party) => (party.useCreditLimit ? -party.creditLimit : 0);
const MICROS = 10_000; // per minor unit of PLN

/** Applies the operation to the model; false when the platform must refuse it. */
function apply(model: Model, o: Op): boolean {
  const party = (t: Target) => (t === 'agency' ? model.agency : model.advertiser);
  switch (o.kind) {
    case 'topUp':
      party(o.target).balance += o.amount;
      return true;
    case 'correction': {
      const p = party(o.target);
      if (o.amount < 0 && p.balance + o.amount < floor(p)) return false;
      p.balance += o.amount;
      return true;
    }
    case 'refund': {
      const p = party(o.target);
      if (p.balance - o.amount < 0) return false;
      p.balance -= o.amount;
      return true;
    }
    case 'transfer': {
      const { agency, advertiser } = model;
      if (o.direction === 'to_advertiser') {
        if (agency.balance - o.amount < floor(agency)) return false;
        agency.balance -= o.amount;
        if (advertiser.agencyPaid) advertiser.balanceAgency += o.amount;
        else advertiser.balance += o.amount;
        return true;
      }
      if (advertiser.balanceAgency - o.amount < 0) return false;
      advertiser.balanceAgency -= o.amount;
      agency.balance += o.amount;
      return true;
    }
    case 'credit': {
      const p = party(o.target);
      if (p.creditLimit === o.creditLimit && p.useCreditLimit === o.useCreditLimit) return false;
      p.creditLimit = o.creditLimit;
      p.useCreditLimit = o.useCreditLimit;
      return true;
    }
    case 'agencyPaid':
      model.advertiser.agencyPaid = o.value;
      return true;
    case 'spend': {
      const { advertiser } = model;
      const account = advertiser.agencyPaid ? 'agency_balance' : 'balance';
      const balance = advertiser.agencyPaid ? advertiser.balanceAgency : advertiser.balance;
      const lowest = advertiser.agencyPaid ? 0 : floor(advertiser);
      model.carried[account] += o.micros;
      const charge = Math.min(Math.floor(model.carried[account] / MICROS), Math.max(0, balance - lowest));
      model.carried[account] -= charge * MICROS;
      if (advertiser.agencyPaid) advertiser.balanceAgency -= charge;
      else advertiser.balance -= charge;
      return true;
    }
  }
}

let t: TestApp;
let currencyId: number;
let organisations = 0;
const actor = accountActor();
beforeAll(async () => {
  t = await createTestApp();
  currencyId = await t.referenceId('currencies', 'PLN');
});
afterAll(() => t.close());

/** Runs the operation as its route would, in its own transaction; false when refused with a 422. */
async function perform(
  ids: { agencyId: number; advertiserId: number },
  o: Op,
  spendRef: string,
): Promise<boolean> {
  const owner = (target: Target) =>
    target === 'agency' ? { agencyId: ids.agencyId } : { advertiserId: ids.advertiserId };
  const work = (tx: AppDeps): Promise<unknown> => {
    switch (o.kind) {
      case 'topUp':
        return manualOperation(
          tx,
          owner(o.target),
          { type: 'manual_top_up', amount: o.amount, reason: 'Model' },
          actor,
        );
      case 'correction':
      case 'refund':
        return manualOperation(
          tx,
          owner(o.target),
          { type: o.kind, amount: o.amount, reason: 'Model' },
          actor,
        );
      case 'transfer':
        return transfer(
          tx,
          ids.agencyId,
          { advertiserId: ids.advertiserId, amount: o.amount, direction: o.direction, reason: null },
          actor,
        );
      case 'credit':
        return changeCreditLimit(tx, { ...owner(o.target), ...o, reason: 'Model' }, actor);
      case 'agencyPaid':
        return tx.db
          .update(advertisers)
          .set({ agencyPaidCampaigns: o.value })
          .where(eq(advertisers.id, ids.advertiserId));
      case 'spend':
        return postSpend(tx.db, {
          advertiserId: ids.advertiserId,
          mediaMicros: o.micros,
          marginMicros: 0,
          commissionMicros: 0,
          reference: spendRef,
        });
    }
  };
  try {
    await inTransaction(t.deps, work);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 422) return false;
    throw error;
  }
}

describe('the ledger against a model of balances', () => {
  it('agrees on every outcome and balance over random operation sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const n = ++organisations;
        const [agency] = await t.database.db
          .insert(agencies)
          .values({ name: `Model Agency ${n}`, currencyId })
          .returning({ id: agencies.id });
        const [advertiser] = await t.database.db
          .insert(advertisers)
          .values({ name: `Model Shop ${n}`, code: `MODEL-${n}`, agencyId: agency?.id, currencyId })
          .returning({ id: advertisers.id });
        const ids = { agencyId: agency?.id as number, advertiserId: advertiser?.id as number };
        const model: Model = {
          agency: { balance: 0, creditLimit: 0, useCreditLimit: false },
          advertiser: {
            balance: 0,
            balanceAgency: 0,
            creditLimit: 0,
            useCreditLimit: false,
            agencyPaid: false,
          },
          carried: { balance: 0, agency_balance: 0 },
        };
        for (const [step, o] of ops.entries()) {
          const expected = apply(model, o);
          expect(await perform(ids, o, `model-${n}-${step}`), JSON.stringify(o)).toBe(expected);
          const orgs = { agencyIds: [ids.agencyId], advertiserIds: [ids.advertiserId] };
          const balances = await balancesOf(t.database.db, orgs);
          expect({
            agency: balances.agencies.get(ids.agencyId),
            ...balances.advertisers.get(ids.advertiserId),
          }).toEqual({
            agency: model.agency.balance,
            balance: model.advertiser.balance,
            balanceAgency: model.advertiser.balanceAgency,
          });
          const carried = { balance: 0, agency_balance: 0 };
          for (const account of await accountBalances(t.database.db, {
            agencyIds: [],
            advertiserIds: [ids.advertiserId],
          }))
            carried[account.purpose as keyof typeof carried] = account.unpostedSpendMicros;
          expect(carried).toEqual(model.carried);
        }
      }),
      { numRuns: 30 },
    );
    await expectLedgerInvariants(t.database.db);
  }, 300_000);
});
