import { campaignBanners, campaigns, type Database } from '@rtb/db';
import { campaignTotalOf } from '@rtb/delivery';
import type { AdminCampaignsQuery, CampaignStatus, CampaignsQuery } from '@rtb/shared';
import { type AnyColumn, and, asc, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { limitOffset, orderOf, searchOf } from '../../../core/list';
import { personRefOf } from '../../identity';

/** The campaigns a panel reaches: an admin every one (`{}`), an advertiser its own. */
export interface CampaignScope {
  advertiserId?: number;
}

const inScope = (scope: CampaignScope) =>
  scope.advertiserId === undefined ? undefined : eq(campaigns.advertiserId, scope.advertiserId);

const updatedBy = personRefOf(campaigns.updatedByAccountId);

/** What decides whether a campaign serves (`ServingCampaign`), without the list's other columns. */
const servingColumns = {
  id: campaigns.id,
  advertiserId: campaigns.advertiserId,
  status: campaigns.status,
  startDate: campaigns.startDate,
  endDate: campaigns.endDate,
  hoursOfWeek: campaigns.hoursOfWeek,
  totalBudget: campaigns.totalBudget,
  dailyBudget: campaigns.dailyBudget,
};

/** What the list shows of a campaign (no targeting: those lists can hold thousands of domains). */
const listColumns = {
  ...servingColumns,
  createdAt: campaigns.createdAt,
  updatedAt: campaigns.updatedAt,
  name: campaigns.name,
  goalKind: campaigns.goalKind,
  goalTargetMicros: campaigns.goalTargetMicros,
  goalTargetRoasBps: campaigns.goalTargetRoasBps,
  maxCpm: campaigns.maxCpm,
  pacing: campaigns.pacing,
  updatedBy,
};

const selectList = (db: Database) => db.select(listColumns).from(campaigns);

const selectFull = (db: Database) => db.select({ ...getTableColumns(campaigns), updatedBy }).from(campaigns);

export type CampaignListRow = Awaited<ReturnType<ReturnType<typeof selectList>['execute']>>[number];
export type CampaignRow = Awaited<ReturnType<ReturnType<typeof selectFull>['execute']>>[number];

const sortColumns = {
  name: campaigns.name,
  createdAt: campaigns.createdAt,
  updatedAt: campaigns.updatedAt,
  startDate: campaigns.startDate,
  endDate: campaigns.endDate,
  status: campaigns.status,
  maxCpm: campaigns.maxCpm,
  // The counters are the delivery engine's (its published read).
  spend: campaignTotalOf('spendMicros', campaigns.id),
  impressions: campaignTotalOf('impressions', campaigns.id),
} as const;

function listConditions(scope: CampaignScope, query: CampaignsQuery | AdminCampaignsQuery): SQL | undefined {
  return and(
    inScope(scope),
    'advertiserId' in query && query.advertiserId !== undefined
      ? eq(campaigns.advertiserId, query.advertiserId)
      : undefined,
    searchOf(query.search, [campaigns.name]),
    query.status === undefined ? undefined : eq(campaigns.status, query.status),
  );
}

/**
 * The scope's campaigns matching the query, in its order: one page with the total, or (`page:
 * false`) all of them, for a filter the database cannot answer (whether they serve now).
 */
export async function listCampaigns(
  db: Database,
  scope: CampaignScope,
  query: CampaignsQuery | AdminCampaignsQuery,
  paged: boolean,
): Promise<{ rows: CampaignListRow[]; total: number }> {
  const where = listConditions(scope, query);
  const select = selectList(db)
    .where(where)
    .orderBy(...orderOf(sortColumns[query.sort], query.order, campaigns.id))
    .$dynamic();
  if (!paged) {
    const rows = await select;
    return { rows, total: rows.length };
  }
  const { limit, offset } = limitOffset(query);
  const rows = await select.limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(campaigns).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The campaign, when the scope reaches it; null otherwise. */
export async function findCampaign(
  db: Database,
  id: number,
  scope: CampaignScope,
): Promise<CampaignRow | null> {
  const [row] = await selectFull(db).where(and(eq(campaigns.id, id), inScope(scope)));
  return row ?? null;
}

/** What a lift report reads of a campaign in the scope: its hold-out, click window and first day; null otherwise. */
export async function liftSettingsOf(db: Database, id: number, scope: CampaignScope) {
  const [row] = await db
    .select({
      holdoutBps: campaigns.holdoutBps,
      clickWindowDays: campaigns.clickWindowDays,
      startDate: campaigns.startDate,
    })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), inScope(scope)));
  return row ?? null;
}

/** The campaign in the scope, locked for the rest of the transaction (for changes). */
export async function lockCampaign(
  db: Database,
  id: number,
  scope: CampaignScope,
): Promise<CampaignRow | null> {
  const [row] = await selectFull(db)
    .where(and(eq(campaigns.id, id), inScope(scope)))
    .for('update', { of: campaigns });
  return row ?? null;
}

/** The scope's campaigns of these ids (the others are not found), in id order. */
export function findCampaigns(db: Database, ids: number[], scope: CampaignScope): Promise<CampaignRow[]> {
  return selectFull(db)
    .where(and(inArray(campaigns.id, ids), inScope(scope)))
    .orderBy(asc(campaigns.id));
}

/** The scope's campaigns of these ids (the others are not found), locked, in id order. */
export function lockCampaigns(db: Database, ids: number[], scope: CampaignScope): Promise<CampaignRow[]> {
  return selectFull(db)
    .where(and(inArray(campaigns.id, ids), inScope(scope)))
    .orderBy(asc(campaigns.id))
    .for('update', { of: campaigns });
}

export type CampaignValues = Omit<
  typeof campaigns.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'advertiserId' | 'createdByAccountId'
>;

export async function insertCampaign(
  db: Database,
  values: CampaignValues & { advertiserId: number; createdByAccountId: number | null },
): Promise<number> {
  const [row] = await db.insert(campaigns).values(values).returning({ id: campaigns.id });
  if (!row) throw new Error('campaign not inserted');
  return row.id;
}

export async function updateCampaign(
  db: Database,
  id: number,
  values: Partial<CampaignValues>,
): Promise<void> {
  await db.update(campaigns).set(values).where(eq(campaigns.id, id));
}

/** Moves these campaigns to a status at once. */
export async function setCampaignsStatus(
  db: Database,
  ids: number[],
  status: CampaignStatus,
  accountId: number | null,
): Promise<void> {
  if (!ids.length) return;
  await db.update(campaigns).set({ status, updatedByAccountId: accountId }).where(inArray(campaigns.id, ids));
}

/** The banners each of these campaigns shows, by campaign (ids ascending). */
export async function bannerIdsOf(db: Database, campaignIds: number[]): Promise<Map<number, number[]>> {
  const byCampaign = new Map<number, number[]>(campaignIds.map((id) => [id, []]));
  if (!campaignIds.length) return byCampaign;
  const rows = await db
    .select()
    .from(campaignBanners)
    .where(inArray(campaignBanners.campaignId, campaignIds))
    .orderBy(asc(campaignBanners.campaignId), asc(campaignBanners.bannerId));
  for (const row of rows) byCampaign.get(row.campaignId)?.push(row.bannerId);
  return byCampaign;
}

/** SQL: how many campaigns show the banner (for the banners' queries, one subquery per row). */
export const campaignCountOfBanner = (bannerId: AnyColumn) =>
  sql<number>`(select count(*)::int from ${campaignBanners} where ${campaignBanners.bannerId} = ${bannerId})`;

/** Whether the campaign includes or excludes the audience (its lists are arrays: `= any`). */
const usesAudience = (audienceId: AnyColumn | number) =>
  sql`(${audienceId} = any(${campaigns.audienceIncludeIds}) or ${audienceId} = any(${campaigns.audienceExcludeIds}))`;

/**
 * How many of the advertiser's campaigns include or exclude the audience: a correlated subquery
 * on the audience's columns (the advertiser narrows it to the advertiser's campaigns by index).
 * Nested, so a single-table select keeps its columns qualified (drizzle unqualifies only the
 * columns at the top of a selected expression, and both tables have `advertiser_id`).
 */
export const campaignCountOfAudience = (audienceId: AnyColumn, advertiserId: AnyColumn) =>
  sql<number>`(${sql`select count(*)::int from ${campaigns} where ${campaigns.advertiserId} = ${advertiserId} and ${usesAudience(audienceId)}`})`;

/** The advertiser's campaigns that include or exclude the audience, by name. */
export function campaignsUsingAudience(db: Database, advertiserId: number, audienceId: number) {
  return db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.advertiserId, advertiserId), usesAudience(audienceId)))
    .orderBy(asc(campaigns.name), asc(campaigns.id));
}

/** Makes the campaign show exactly these banners. */
export async function setCampaignBanners(
  db: Database,
  campaignId: number,
  bannerIds: number[],
): Promise<void> {
  await db.delete(campaignBanners).where(eq(campaignBanners.campaignId, campaignId));
  if (bannerIds.length)
    await db.insert(campaignBanners).values(bannerIds.map((bannerId) => ({ campaignId, bannerId })));
}

/** Name, status and advertiser of those of `ids` that are these advertisers' (what a report shows of them). */
export function campaignBriefs(db: Database, advertiserIds: readonly number[], ids: number[]) {
  if (!ids.length || !advertiserIds.length) return Promise.resolve([]);
  return db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      status: campaigns.status,
      advertiserId: campaigns.advertiserId,
    })
    .from(campaigns)
    .where(and(inArray(campaigns.advertiserId, [...advertiserIds]), inArray(campaigns.id, ids)));
}

/**
 * The campaigns the campaigns area of the integration status looks at, of each of these
 * advertisers, with what decides whether they serve: its active ones, most recently changed
 * first, or without any its most recently changed one; an advertiser without campaigns has none
 * (two queries however many advertisers).
 */
export async function integrationCampaignsOf(db: Database, advertiserIds: readonly number[]) {
  if (!advertiserIds.length) return [];
  const ids = [...advertiserIds];
  const newestFirst = orderOf(campaigns.updatedAt, 'desc', campaigns.id);
  const [active, newest] = await Promise.all([
    db
      .select(servingColumns)
      .from(campaigns)
      .where(and(inArray(campaigns.advertiserId, ids), eq(campaigns.status, 'active')))
      .orderBy(...newestFirst),
    db
      .selectDistinctOn([campaigns.advertiserId], servingColumns)
      .from(campaigns)
      .where(inArray(campaigns.advertiserId, ids))
      .orderBy(campaigns.advertiserId, ...newestFirst),
  ]);
  const withActive = new Set(active.map((row) => row.advertiserId));
  return [...active, ...newest.filter((row) => !withActive.has(row.advertiserId))];
}
