import type { LedgerOwner } from '@rtb/ledger';
import { type AnyColumn, and, eq, type SQL } from 'drizzle-orm';

/**
 * Whose money records a request may see: one organisation's (its own panel, from the token),
 * or every organisation's for admins, optionally narrowed to one agency or advertiser.
 */
export type MoneyScope = { owner: LedgerOwner } | { all: { agencyId?: number; advertiserId?: number } };

/** The rows of a table with `agency_id`/`advertiser_id` columns that are within the scope. */
export function scopeOf(
  table: { agencyId: AnyColumn; advertiserId: AnyColumn },
  scope: MoneyScope,
): SQL | undefined {
  if ('owner' in scope)
    return 'agencyId' in scope.owner
      ? eq(table.agencyId, scope.owner.agencyId)
      : eq(table.advertiserId, scope.owner.advertiserId);
  return and(
    scope.all.agencyId === undefined ? undefined : eq(table.agencyId, scope.all.agencyId),
    scope.all.advertiserId === undefined ? undefined : eq(table.advertiserId, scope.all.advertiserId),
  );
}
