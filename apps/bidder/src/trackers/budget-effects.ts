import type { CostSplit } from '@rtb/rtb';
import { spendKeysOf } from '@rtb/rtb';
import type { BidToken } from '../bid-token';
import type { BudgetStore } from '../budget/budget-store';
import type { BidderConfig } from '../config';

/**
 * What a newly recorded event changes in the budget counters (after its commit, once per event):
 * a win makes the bid's reservation its actual cost, a billed impression becomes spend (and a
 * frequency-cap count), and a loss or an impression not billed (bot, test) frees the reservation.
 */
export const budgetEffects = (store: BudgetStore, config: BidderConfig) => ({
  won: (token: BidToken, cost: CostSplit) =>
    store.adjust(token.bid, token.adv, cost.grossMicros, config.wonTtlMs),
  billed: async (token: BidToken, cost: CostSplit) => {
    await store.settle(token.bid, spendKeysOf(token.adv, token.cmp, token.day), cost.grossMicros);
    if (token.fq) await store.countImpression(token.fq, token.fqx * 1000);
  },
  released: (token: BidToken) => store.release(token.bid, token.adv),
});
