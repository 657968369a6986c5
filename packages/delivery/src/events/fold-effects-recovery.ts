import { inTransaction } from '@rtb/db';
import type { DeliveryDeps } from '../deps';
import type { FoldEffects } from './fold-effects';
import { claimStaleFoldEffects, markFoldEffectsApplied } from './fold-effects-repository';

/**
 * How long a fold's effects stay after the budget store took them: longer than a reload takes from
 * observing the counters to reading the database, so that it sees the fold and leaves it out of
 * its base once the store numbered it after the observation. A slower reload counts the fold twice
 * until the next one (funds under-used, never overspent).
 */
export const FOLD_EFFECTS_KEPT_MS = 10_000;

/** The budget store has these folds' effects: their rows are marked so, and those marked long ago go. */
export async function foldEffectsApplied(
  deps: DeliveryDeps,
  applied: readonly Pick<FoldEffects, 'foldId' | 'advertiserId'>[],
): Promise<void> {
  await markFoldEffectsApplied(deps.db, applied, FOLD_EFFECTS_KEPT_MS);
}

/**
 * Applies effects left behind longer than `graceMs` (their folder died between its commit and its
 * store, or could not reach the store) with `apply` (the store's `applyFold`: once per fold however
 * often it runs), then marks them applied, holding their rows meanwhile; up to `limit`; and drops
 * the rows applied more than `FOLD_EFFECTS_KEPT_MS` ago. Answers how many it applied.
 */
export async function applyStaleFoldEffects(
  deps: DeliveryDeps,
  options: { graceMs: number; limit: number; apply: (effects: FoldEffects) => Promise<void> },
): Promise<number> {
  return inTransaction(deps, async (tx) => {
    const stale = await claimStaleFoldEffects(tx.db, options.graceMs, options.limit);
    for (const effects of stale) await options.apply(effects);
    await markFoldEffectsApplied(tx.db, stale, FOLD_EFFECTS_KEPT_MS);
    return stale.length;
  });
}
