import { type LogTopUpsQuery, toApiDateTime } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import type { MoneyScope } from './scope';
import { listLogTopUps } from './top-ups-repository';

/** Top-ups within the scope (by hand, online, by bank transfer), newest first, with their invoices. */
export async function listLogTopUpsPage(deps: AppDeps, scope: MoneyScope, query: LogTopUpsQuery) {
  const { rows, total } = await listLogTopUps(deps.db, scope, query);
  return listOfPage(
    rows.map((row) => ({ ...row, createdAt: toApiDateTime(row.createdAt) })),
    query,
    total,
  );
}
