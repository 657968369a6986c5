import { type Database, deliveryFoldEffects, insertRows, selectRows } from '@rtb/db';
import { inArray, sql } from 'drizzle-orm';
import type { FoldEffects } from './fold-effects';

/** Keeps a fold's effects until the budget store has them (in the fold's transaction). */
export async function insertFoldEffects(db: Database, effects: FoldEffects[]): Promise<void> {
  if (!effects.length) return;
  await db.execute(
    insertRows(
      deliveryFoldEffects,
      effects.map(({ foldId, advertiserId, deltas }) => ({ foldId, advertiserId, deltas })),
    ),
  );
}

/** The effects the budget store has (each fold's on each advertiser): their rows go. */
export async function deleteFoldEffects(
  db: Database,
  applied: readonly Pick<FoldEffects, 'foldId' | 'advertiserId'>[],
): Promise<void> {
  if (!applied.length) return;
  await db.execute(sql`
    delete from delivery_fold_effects
    where (fold_id, advertiser_id) in (${sql.join(
      applied.map(({ foldId, advertiserId }) => sql`(${foldId}::uuid, ${advertiserId}::int)`),
      sql`, `,
    )})`);
}

/** Every fold's effects on these advertisers not yet known to be in the store (read in the reload's snapshot). */
export async function waitingFoldEffects(db: Database, advertiserIds?: number[]): Promise<FoldEffects[]> {
  if (advertiserIds?.length === 0) return [];
  const rows = await db
    .select({
      foldId: deliveryFoldEffects.foldId,
      advertiserId: deliveryFoldEffects.advertiserId,
      deltas: deliveryFoldEffects.deltas,
    })
    .from(deliveryFoldEffects)
    .where(advertiserIds ? inArray(deliveryFoldEffects.advertiserId, advertiserIds) : undefined);
  return rows.map((row) => ({ ...row, deltas: row.deltas as FoldEffects['deltas'] }));
}

/**
 * Effects left older than `graceMs` (their folder died before its store had them, or could not
 * delete them), at most `limit`, locked for the caller's transaction (another process skips them).
 */
export async function claimStaleFoldEffects(
  db: Database,
  graceMs: number,
  limit: number,
): Promise<FoldEffects[]> {
  const rows = await selectRows<{ fold_id: string; advertiser_id: number; deltas: unknown }>(
    db,
    sql`
      select fold_id, advertiser_id, deltas from delivery_fold_effects
      where created_at < now() - make_interval(secs => ${graceMs / 1000})
      order by created_at limit ${limit} for update skip locked`,
  );
  return rows.map((row) => ({
    foldId: row.fold_id,
    advertiserId: row.advertiser_id,
    deltas: row.deltas as FoldEffects['deltas'],
  }));
}
