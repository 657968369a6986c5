import { describe, expect, it } from 'vitest';
import { BudgetAllowance } from './budget-allowance';

describe('BudgetAllowance', () => {
  it('lets a campaign spend, by each auction, that share of its budget and no more', () => {
    const allowance = new BudgetAllowance(1_000, 4);
    expect(allowance.nextAuction()).toBe(250);
    allowance.spend(200);
    expect(allowance.nextAuction()).toBe(300);
    allowance.spend(300);
    expect(allowance.nextAuction()).toBe(250);
    expect(allowance.nextAuction()).toBe(500);
    allowance.spend(500);
    expect(allowance.spentMicros).toBe(1_000);
  });

  it('keeps what was not spent for later, and gives nothing past the budget after the last auction', () => {
    const allowance = new BudgetAllowance(1_000, 3);
    expect([allowance.nextAuction(), allowance.nextAuction(), allowance.nextAuction()]).toEqual([
      333, 666, 1_000,
    ]);
    allowance.spend(1_000);
    expect(allowance.nextAuction()).toBe(0);
  });

  it('refuses a budget or a number of auctions that is not whole and positive', () => {
    expect(() => new BudgetAllowance(0, 10)).toThrow(RangeError);
    expect(() => new BudgetAllowance(100, 0)).toThrow(RangeError);
    expect(() => new BudgetAllowance(100.5, 10)).toThrow(RangeError);
  });
});
