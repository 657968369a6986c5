import { type Database, winCurves } from '@rtb/db';
import { isWinCurveState, type WinCurveState } from '@rtb/rtb';
import { gt } from 'drizzle-orm';

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
