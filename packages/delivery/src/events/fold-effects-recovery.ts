import { inTransaction } from '@rtb/db';
import type { DeliveryDeps } from '../deps';
import type { FoldEffects } from './fold-effects';
import { claimStaleFoldEffects, deleteFoldEffects } from './fold-effects-repository';

/** The budget store has these folds' effects: their rows go (the folder deletes them once applied). */
export async function foldEffectsApplied(
  deps: DeliveryDeps,
  applied: readonly Pick<FoldEffects, 'foldId' | 'advertiserId'>[],
): Promise<void> {
  await deleteFoldEffects(deps.db, applied);
}

/**
 * Applies effects left behind longer than `graceMs` (their folder died between its commit and its
 * store, or could not reach the store) with `apply` (the store's `applyFold`: once per fold however
 * often it runs), then deletes them, holding their rows meanwhile; up to `limit`. Answers how many.
 */
export async function applyStaleFoldEffects(
  deps: DeliveryDeps,
  options: { graceMs: number; limit: number; apply: (effects: FoldEffects) => Promise<void> },
): Promise<number> {
  return inTransaction(deps, async (tx) => {
    const stale = await claimStaleFoldEffects(tx.db, options.graceMs, options.limit);
    for (const effects of stale) await options.apply(effects);
    await deleteFoldEffects(tx.db, stale);
    return stale.length;
  });
}
