import { advertisers, agencies, type Database } from '@rtb/db';
import { type AgenciesQuery, statusVerifications } from '@rtb/shared';
import { and, count, eq, getTableColumns, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { limitOffset, orderOf, searchOf } from '../../../core/list';
import { countryOf, currencyOrNullOf } from '../../platform';

/** An agency with its currency and country, as one row. */
const agencyColumns = {
  ...getTableColumns(agencies),
  currency: currencyOrNullOf(agencies.currencyId),
  country: countryOf(agencies.countryId),
};

const selectAgencies = (db: Database) => db.select(agencyColumns).from(agencies);

/** Verification statuses sort in their natural order (unverified, pending, verified, rejected). */
const statusVerificationOrder = sql`array_position(array[${sql.join(
  statusVerifications.map((status) => sql`${status}`),
  sql`, `,
)}]::text[], ${agencies.statusVerification})`;

const sortColumns = {
  name: agencies.name,
  createdAt: agencies.createdAt,
  statusVerification: statusVerificationOrder,
} as const;

function listConditions(query: AgenciesQuery): SQL | undefined {
  return and(
    searchOf(query.search, [agencies.name, agencies.taxId, agencies.taxEmail]),
    query.statusVerification === undefined
      ? undefined
      : eq(agencies.statusVerification, query.statusVerification),
    query.countryId === undefined ? undefined : eq(agencies.countryId, query.countryId),
    query.currencyId === undefined ? undefined : eq(agencies.currencyId, query.currencyId),
  );
}

export async function listAgencies(db: Database, query: AgenciesQuery) {
  const where = listConditions(query);
  const { limit, offset } = limitOffset(query);
  const rows = await selectAgencies(db)
    .where(where)
    .orderBy(...orderOf(sortColumns[query.sort], query.order, agencies.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(agencies).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findAgency(db: Database, id: number) {
  const [row] = await selectAgencies(db).where(eq(agencies.id, id));
  return row ?? null;
}

export type AgencyRow = NonNullable<Awaited<ReturnType<typeof findAgency>>>;

/** The agency, locked for the rest of the transaction (for changes). */
export async function lockAgency(db: Database, id: number): Promise<AgencyRow | null> {
  const [row] = await selectAgencies(db).where(eq(agencies.id, id)).for('update', { of: agencies });
  return row ?? null;
}

export async function updateAgency(
  db: Database,
  id: number,
  values: Partial<Omit<typeof agencies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>,
): Promise<void> {
  // A body of fields nobody may set here leaves nothing to change.
  if (Object.keys(values).length === 0) return;
  await db.update(agencies).set(values).where(eq(agencies.id, id));
}

/** How many advertisers each of the agencies has (one query for a list page). */
export async function countAdvertisersOf(db: Database, agencyIds: number[]): Promise<Map<number, number>> {
  if (agencyIds.length === 0) return new Map();
  const rows = await db
    .select({ agencyId: advertisers.agencyId, n: count() })
    .from(advertisers)
    .where(inArray(advertisers.agencyId, agencyIds))
    .groupBy(advertisers.agencyId);
  return new Map(rows.map((row) => [row.agencyId as number, row.n]));
}

/** How many advertisers of the agency have a commission above `percent`. */
export async function countAdvertisersAboveCommission(
  db: Database,
  agencyId: number,
  percent: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(advertisers)
    .where(and(eq(advertisers.agencyId, agencyId), gt(advertisers.commissionPercent, percent.toFixed(2))));
  return row?.n ?? 0;
}
