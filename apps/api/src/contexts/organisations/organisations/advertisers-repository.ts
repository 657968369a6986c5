import { advertisers, agencies, type Database } from '@rtb/db';
import type { AdvertisersQuery } from '@rtb/shared';
import { and, count, eq, getTableColumns, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { limitOffset, orderOf, searchOf } from '../../../core/list';
import { countryOf, currencyOrNullOf } from '../../platform';

/** An advertiser with its agency, currency and country, as one row. */
const advertiserColumns = {
  ...getTableColumns(advertisers),
  agency: { id: agencies.id, name: agencies.name, commissionPercentLimit: agencies.commissionPercentLimit },
  currency: currencyOrNullOf(advertisers.currencyId),
  country: countryOf(advertisers.countryId),
};

const selectAdvertisers = (db: Database) =>
  db.select(advertiserColumns).from(advertisers).leftJoin(agencies, eq(agencies.id, advertisers.agencyId));

const sortColumns = {
  name: advertisers.name,
  code: advertisers.code,
  createdAt: advertisers.createdAt,
} as const;

function listConditions(query: AdvertisersQuery): SQL | undefined {
  return and(
    searchOf(query.search, [
      advertisers.name,
      advertisers.code,
      advertisers.externalId,
      advertisers.websiteUrl,
    ]),
    query.agencyId === undefined ? undefined : eq(advertisers.agencyId, query.agencyId),
    query.hasAgency === undefined
      ? undefined
      : query.hasAgency
        ? isNotNull(advertisers.agencyId)
        : isNull(advertisers.agencyId),
    query.statusVerification === undefined
      ? undefined
      : eq(advertisers.statusVerification, query.statusVerification),
  );
}

/**
 * One page of advertisers. The page's ids are picked (sorted, skipped and limited) on the
 * advertisers table alone, where an index answers the order, and only those rows are joined:
 * a deep page then skips index entries, not joined rows.
 */
export async function listAdvertisers(db: Database, query: AdvertisersQuery) {
  const where = listConditions(query);
  const { limit, offset } = limitOffset(query);
  const order = orderOf(sortColumns[query.sort], query.order, advertisers.id);
  const page = db.$with('page').as(
    db
      .select({ id: advertisers.id })
      .from(advertisers)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
  const rows = await db
    .with(page)
    .select(advertiserColumns)
    .from(page)
    .innerJoin(advertisers, eq(advertisers.id, page.id))
    .leftJoin(agencies, eq(agencies.id, advertisers.agencyId))
    .orderBy(...order);
  const [total] = await db.select({ n: count() }).from(advertisers).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The advertisers a panel reaches: an admin every one (`{}`), an agency those under it. */
export interface AdvertiserScope {
  agencyId?: number;
}

/** The admin panel's scope: every advertiser. */
export const everyAdvertiser: AdvertiserScope = {};

const inScope = (id: number, scope: AdvertiserScope) =>
  and(
    eq(advertisers.id, id),
    scope.agencyId === undefined ? undefined : eq(advertisers.agencyId, scope.agencyId),
  );

/** The advertiser, when the scope reaches it; null otherwise. */
export async function findAdvertiser(db: Database, id: number, scope: AdvertiserScope = {}) {
  const [row] = await selectAdvertisers(db).where(inScope(id, scope));
  return row ?? null;
}

export type AdvertiserRow = NonNullable<Awaited<ReturnType<typeof findAdvertiser>>>;

/** These advertisers (the ones that exist), in one query. */
export async function findAdvertisers(db: Database, ids: number[]): Promise<AdvertiserRow[]> {
  if (!ids.length) return [];
  return selectAdvertisers(db).where(inArray(advertisers.id, [...new Set(ids)]));
}

/** The advertiser in the scope, locked for the rest of the transaction (for changes). */
export async function lockAdvertiser(
  db: Database,
  id: number,
  scope: AdvertiserScope = {},
): Promise<AdvertiserRow | null> {
  const [row] = await selectAdvertisers(db).where(inScope(id, scope)).for('update', { of: advertisers });
  return row ?? null;
}

export async function updateAdvertiser(
  db: Database,
  id: number,
  values: Partial<Omit<typeof advertisers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>,
): Promise<void> {
  // A body of fields nobody may set here leaves nothing to change.
  if (Object.keys(values).length === 0) return;
  await db.update(advertisers).set(values).where(eq(advertisers.id, id));
}

/** The agency an advertiser may be put under, with the commission limit it sets. */
export async function findAgencyForAdvertiser(db: Database, agencyId: number) {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name, commissionPercentLimit: agencies.commissionPercentLimit })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  return row ?? null;
}
