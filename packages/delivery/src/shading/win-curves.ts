import { type Database, insertRows, winCurves } from '@rtb/db';
import { isWinCurveState, type WinCurveState } from '@rtb/rtb';
import { gt, lt, sql } from 'drizzle-orm';

export interface StoredWinCurve {
  segment: string;
  state: WinCurveState;
  updatedAt: Date;
}

/**
 * The segments' win curves updated after `since` (all of them for null), for the bidders to
 * shade with; a row whose state is not one (`isWinCurveState`) is left out.
 */
export async function winCurvesUpdatedAfter(db: Database, since: Date | null): Promise<StoredWinCurve[]> {
  const rows = await db
    .select({ segment: winCurves.segment, state: winCurves.state, updatedAt: winCurves.updatedAt })
    .from(winCurves)
    .where(since ? gt(winCurves.updatedAt, since) : undefined);
  return rows.flatMap((row) => (isWinCurveState(row.state) ? [{ ...row, state: row.state }] : []));
}

/**
 * Writes the curves fitted at `fittedAt` (`updated_at`), one statement. A curve already written
 * by a later fit (another process's) is left as it is: an older fit never overwrites a newer one.
 */
export async function saveWinCurves(
  db: Database,
  curves: readonly { segment: string; state: WinCurveState }[],
  fittedAt: Date,
): Promise<void> {
  if (!curves.length) return;
  await db.execute(sql`${insertRows(
    winCurves,
    curves.map(({ segment, state }) => ({
      segment,
      state,
      observations: state.observations,
      updatedAt: fittedAt,
    })),
  )}
    on conflict (segment) do update
    set state = excluded.state, observations = excluded.observations, updated_at = excluded.updated_at
    where win_curves.updated_at <= excluded.updated_at`);
}

/** Deletes the curves last updated before `before`; answers how many. */
export async function deleteWinCurvesUpdatedBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(winCurves)
    .where(lt(winCurves.updatedAt, before))
    .returning({ segment: winCurves.segment });
  return deleted.length;
}
