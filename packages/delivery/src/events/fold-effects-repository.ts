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

/**
 * The effects the budget store has (each fold's on each advertiser) are marked applied; rows
 * applied more than `keptMs` ago go.
 */
export async function markFoldEffectsApplied(
  db: Database,
  applied: readonly Pick<FoldEffects, 'foldId' | 'advertiserId'>[],
  keptMs: number,
): Promise<void> {
  if (applied.length)
    await db.execute(sql`
      update delivery_fold_effects set applied_at = now()
      where applied_at is null and (fold_id, advertiser_id) in (${sql.join(
        applied.map(({ foldId, advertiserId }) => sql`(${foldId}::uuid, ${advertiserId}::int)`),
        sql`, `,
      )})`);
  await db.execute(sql`
    delete from delivery_fold_effects
    where applied_at < now() - make_interval(secs => ${keptMs / 1000})`);
}

/** A fold's effects as a reload reads them: whether the budget store has taken them yet. */
export interface KeptFoldEffects extends FoldEffects {
  applied: boolean;
}

/**
 * Every fold's effects on these advertisers still kept (read in the reload's snapshot): those the
 * store has not taken, and those it took lately (`markFoldEffectsApplied`).
 */
export async function keptFoldEffects(db: Database, advertiserIds?: number[]): Promise<KeptFoldEffects[]> {
  if (advertiserIds?.length === 0) return [];
  const rows = await db
    .select({
      foldId: deliveryFoldEffects.foldId,
      advertiserId: deliveryFoldEffects.advertiserId,
      deltas: deliveryFoldEffects.deltas,
      appliedAt: deliveryFoldEffects.appliedAt,
    })
    .from(deliveryFoldEffects)
    .where(advertiserIds ? inArray(deliveryFoldEffects.advertiserId, advertiserIds) : undefined);
  return rows.map(({ appliedAt, ...row }) => ({
    ...row,
    deltas: row.deltas as FoldEffects['deltas'],
    applied: appliedAt !== null,
  }));
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
      where applied_at is null and created_at < now() - make_interval(secs => ${graceMs / 1000})
      order by created_at limit ${limit} for update skip locked`,
  );
  return rows.map((row) => ({
    foldId: row.fold_id,
    advertiserId: row.advertiser_id,
    deltas: row.deltas as FoldEffects['deltas'],
  }));
}
