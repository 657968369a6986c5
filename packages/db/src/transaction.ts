import type { Database } from './client';

/** What a unit of work carries into a transaction: its database and where its side effects go. */
export interface TransactionScope {
  db: Database;
  /** Runs `effect` now, or inside a transaction once it has committed. */
  afterCommit: (effect: () => void) => void;
  /** Inside a transaction, runs `effect` if it rolls back (undoing what is not in the database). */
  onRollback: (effect: () => Promise<void>) => void;
}

/**
 * Runs `work` in one transaction with `deps` swapped for the transaction's: its side effects
 * (`afterCommit`) happen only after the commit, its undo effects (`onRollback`) only after a
 * rollback. `scoped` lets a caller route more of its dependencies through the commit (it gets
 * the transaction's `afterCommit`).
 */
export async function inTransaction<D extends TransactionScope, T>(
  deps: D,
  work: (tx: D) => Promise<T>,
  scoped: (afterCommit: D['afterCommit']) => Partial<D> = () => ({}),
): Promise<T> {
  const effects = new Set<() => void>();
  const afterCommit = (effect: () => void) => {
    effects.add(effect);
  };
  const undo: (() => Promise<void>)[] = [];
  let result: T;
  try {
    result = await deps.db.transaction((tx) =>
      work({
        ...deps,
        db: tx,
        afterCommit,
        onRollback: (effect: () => Promise<void>) => {
          undo.push(effect);
        },
        ...scoped(afterCommit),
      }),
    );
  } catch (error) {
    await Promise.allSettled(undo.map((effect) => effect()));
    throw error;
  }
  for (const effect of effects) effect();
  return result;
}
