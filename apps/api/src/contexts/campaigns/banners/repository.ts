import { banners, type Database } from '@rtb/db';
import { type AdminBannersQuery, type BannerStatus, type BannersQuery, bannerSizePattern } from '@rtb/shared';
import { and, asc, count, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import { limitOffset, orderOf, searchOf } from '../../../core/list';
import { personOf } from '../../identity';
import { campaignCountOfBanner } from '../campaigns/repository';

/** The banners a panel reaches: an advertiser its own (`{advertiserId}`), an admin every one (`{}`). */
export interface BannerScope {
  advertiserId?: number;
}

/**
 * A banner with who changed and reviewed it, and how many campaigns show it: the columns of
 * every query that answers a banner's DTO (the review queue adds its advertiser to them). The
 * count is the campaigns module's.
 */
export const bannerColumns = {
  ...getTableColumns(banners),
  updatedBy: personOf(banners.updatedByAccountId),
  reviewedBy: personOf(banners.reviewedByAccountId),
  campaignCount: campaignCountOfBanner(banners.id),
};

const selectBanners = (db: Database) => db.select(bannerColumns).from(banners);

export type BannerRow = NonNullable<Awaited<ReturnType<typeof findBanner>>>;
export type BannerRecord = typeof banners.$inferSelect;

const inScope = (scope: BannerScope) =>
  scope.advertiserId === undefined ? undefined : eq(banners.advertiserId, scope.advertiserId);

function listConditions(
  scope: BannerScope,
  query: BannersQuery & Partial<AdminBannersQuery>,
): SQL | undefined {
  const size = query.size ? bannerSizePattern.exec(query.size) : null;
  return and(
    inScope(scope),
    query.advertiserId === undefined ? undefined : eq(banners.advertiserId, query.advertiserId),
    searchOf(query.search, [banners.name]),
    query.status === undefined ? undefined : eq(banners.status, query.status),
    query.type === undefined ? undefined : eq(banners.type, query.type),
    size ? and(eq(banners.width, Number(size[1])), eq(banners.height, Number(size[2]))) : undefined,
  );
}

const sortColumns = {
  createdAt: banners.createdAt,
  updatedAt: banners.updatedAt,
  name: banners.name,
  status: banners.status,
} as const;

/** A page of the scope's banners (the admin may narrow it to one advertiser). */
export async function listBanners(
  db: Database,
  scope: BannerScope,
  query: BannersQuery & Partial<AdminBannersQuery>,
) {
  const where = listConditions(scope, query);
  const { limit, offset } = limitOffset(query);
  const rows = await selectBanners(db)
    .where(where)
    .orderBy(...orderOf(sortColumns[query.sort], query.order, banners.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(banners).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The banner, when the scope reaches it; null otherwise (the same for another's as for none). */
export async function findBanner(db: Database, id: number, scope: BannerScope = {}) {
  const [row] = await selectBanners(db).where(and(eq(banners.id, id), inScope(scope)));
  return row ?? null;
}

/** The banners of these ids the scope reaches (the others are left out), in id order, briefly. */
export function findBannersBriefly(db: Database, ids: number[], scope: BannerScope = {}) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: banners.id,
      name: banners.name,
      type: banners.type,
      status: banners.status,
      width: banners.width,
      height: banners.height,
      assetKey: banners.assetKey,
      assetEntry: banners.assetEntry,
    })
    .from(banners)
    .where(and(inArray(banners.id, ids), inScope(scope)))
    .orderBy(asc(banners.id));
}

/** The banner in the scope, locked for the rest of the transaction (for changes). */
export async function lockBanner(
  db: Database,
  id: number,
  scope: BannerScope = {},
): Promise<BannerRecord | null> {
  const [row] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), inScope(scope)))
    .for('update');
  return row ?? null;
}

export type NewBanner = Omit<typeof banners.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertBanner(db: Database, values: NewBanner): Promise<number> {
  const [row] = await db.insert(banners).values(values).returning({ id: banners.id });
  if (!row) throw new Error('banner not inserted');
  return row.id;
}

export async function updateBanner(db: Database, id: number, values: Partial<NewBanner>): Promise<void> {
  await db.update(banners).set(values).where(eq(banners.id, id));
}

/** How many banners each of these advertisers has in each status (one query however many). */
export async function countBannersByStatus(
  db: Database,
  advertiserIds: readonly number[],
): Promise<Map<number, Record<BannerStatus, number>>> {
  const counts = new Map<number, Record<BannerStatus, number>>(
    advertiserIds.map((id) => [id, { pending: 0, approved: 0, rejected: 0, archived: 0 }]),
  );
  if (!advertiserIds.length) return counts;
  const rows = await db
    .select({ advertiserId: banners.advertiserId, status: banners.status, n: count() })
    .from(banners)
    .where(inArray(banners.advertiserId, [...advertiserIds]))
    .groupBy(banners.advertiserId, banners.status);
  for (const row of rows) {
    const of = counts.get(row.advertiserId);
    if (of) of[row.status] = row.n;
  }
  return counts;
}

/** What the asset route needs to serve a key's files; null for a key no banner has. */
export async function findAsset(db: Database, assetKey: string) {
  const [row] = await db
    .select({ type: banners.type, mimeType: banners.mimeType, assetEntry: banners.assetEntry })
    .from(banners)
    .where(eq(banners.assetKey, assetKey));
  return row ?? null;
}
