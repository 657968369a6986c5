import { advertisers, agencies, type Database, logRegulations, regulations, regulationTexts } from '@rtb/db';
import { isCurrentRegulation } from '@rtb/delivery';
import {
  DEFAULT_LOCALE,
  type LogRegulationsQuery,
  type RegulationsQuery,
  type RegulationType,
} from '@rtb/shared';
import { and, asc, count, eq, exists, inArray, max, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrganisationRef } from '../../../core/access';
import { limitOffset, orderOf, searchOf } from '../../../core/list';
import { loginOf, organisationUserOf, profileNameOf } from '../../identity';

// --- Versions (admin) -----------------------------------------------------------------------

/*
 * Correlations of the list's subqueries with the outer version. Kept as nested SQL: drizzle
 * writes the columns of a one-table select without their table, and an unqualified "id"
 * inside a subquery would mean the subquery's own.
 */
const textsOfRegulation = sql`${regulationTexts.regulationId} = ${regulations.id}`;
const acceptancesOfRegulation = sql`${logRegulations.regulationId} = ${regulations.id}`;

/** A version with what the list shows: current or not, its languages, title and acceptances. */
const regulationColumns = (db: Database) => ({
  id: regulations.id,
  type: regulations.type,
  version: regulations.version,
  enabled: regulations.enabled,
  createdAt: regulations.createdAt,
  updatedAt: regulations.updatedAt,
  current: sql<boolean>`(${isCurrentRegulation(db)})`,
  locales: sql<
    string[]
  >`coalesce((select array_agg(${regulationTexts.locale} order by ${regulationTexts.locale}) from ${regulationTexts} where ${textsOfRegulation}), '{}')`,
  title: sql<
    string | null
  >`(select ${regulationTexts.title} from ${regulationTexts} where ${textsOfRegulation} order by (${regulationTexts.locale} = ${DEFAULT_LOCALE}) desc, ${regulationTexts.locale} limit 1)`,
  acceptanceCount: sql<number>`(select count(*)::int from ${logRegulations} where ${acceptancesOfRegulation})`,
});

export type RegulationRow = NonNullable<Awaited<ReturnType<typeof findRegulation>>>;

function listConditions(db: Database, query: RegulationsQuery): SQL | undefined {
  const titled = searchOf(query.search, [regulationTexts.title, regulationTexts.content]);
  return and(
    query.type === undefined ? undefined : eq(regulations.type, query.type),
    query.enabled === undefined ? undefined : eq(regulations.enabled, query.enabled),
    titled &&
      exists(
        db
          .select({ one: sql`1` })
          .from(regulationTexts)
          .where(and(eq(regulationTexts.regulationId, regulations.id), titled)),
      ),
  );
}

/** By type (newest version first within it), by version, or by creation time. */
function listOrder(query: RegulationsQuery): SQL[] {
  if (query.sort === 'version') return orderOf(regulations.version, query.order, regulations.id);
  if (query.sort === 'createdAt') return orderOf(regulations.createdAt, query.order, regulations.id);
  return [
    query.order === 'asc' ? asc(regulations.type) : sql`${regulations.type} desc`,
    sql`${regulations.version} desc`,
    sql`${regulations.id} desc`,
  ];
}

export async function listRegulations(db: Database, query: RegulationsQuery) {
  const where = listConditions(db, query);
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select(regulationColumns(db))
    .from(regulations)
    .where(where)
    .orderBy(...listOrder(query))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(regulations).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findRegulation(db: Database, id: number) {
  const [row] = await db.select(regulationColumns(db)).from(regulations).where(eq(regulations.id, id));
  return row ?? null;
}

/** The version's row, locked for the rest of the transaction (for changes). */
export async function lockRegulation(db: Database, id: number) {
  const [row] = await db.select().from(regulations).where(eq(regulations.id, id)).for('update');
  return row ?? null;
}

export async function findTexts(db: Database, regulationId: number) {
  return db
    .select({
      locale: regulationTexts.locale,
      title: regulationTexts.title,
      content: regulationTexts.content,
    })
    .from(regulationTexts)
    .where(eq(regulationTexts.regulationId, regulationId))
    .orderBy(sql`(${regulationTexts.locale} = ${DEFAULT_LOCALE}) desc`, asc(regulationTexts.locale));
}

/**
 * The newest version number of a type, after taking a lock on the type for the rest of the
 * transaction: two new versions of one type at once get consecutive numbers.
 */
export async function lockNewestVersion(db: Database, type: RegulationType): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`regulations:${type}`}))`);
  const [row] = await db
    .select({ version: max(regulations.version) })
    .from(regulations)
    .where(eq(regulations.type, type));
  return row?.version ?? 0;
}

export async function insertRegulation(db: Database, values: { type: RegulationType; version: number }) {
  const [row] = await db
    .insert(regulations)
    .values({ ...values, enabled: false })
    .returning({ id: regulations.id });
  return row?.id as number;
}

/** The version's texts become exactly these. */
export async function replaceTexts(
  db: Database,
  regulationId: number,
  texts: { locale: string; title: string; content: string }[],
): Promise<void> {
  await db.delete(regulationTexts).where(eq(regulationTexts.regulationId, regulationId));
  await db.insert(regulationTexts).values(texts.map((text) => ({ ...text, regulationId })));
  // The version itself changed too: its texts are what it is.
  await db.update(regulations).set({ updatedAt: new Date() }).where(eq(regulations.id, regulationId));
}

export async function setRegulationEnabled(db: Database, id: number, enabled: boolean): Promise<void> {
  await db.update(regulations).set({ enabled }).where(eq(regulations.id, id));
}

export async function countAcceptances(db: Database, regulationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(logRegulations)
    .where(eq(logRegulations.regulationId, regulationId));
  return row?.n ?? 0;
}

// --- Current documents ----------------------------------------------------------------------

const askedText = alias(regulationTexts, 'asked_text');
const englishText = alias(regulationTexts, 'english_text');

/** The current version of each type (or of one), with its text in `locale`, else in English. */
export async function findCurrentDocuments(db: Database, locale: string, type?: RegulationType) {
  return db
    .select({
      id: regulations.id,
      type: regulations.type,
      version: regulations.version,
      updatedAt: regulations.updatedAt,
      locale: sql<string>`coalesce(${askedText.locale}, ${englishText.locale})`,
      title: sql<string>`coalesce(${askedText.title}, ${englishText.title})`,
      content: sql<string>`coalesce(${askedText.content}, ${englishText.content})`,
    })
    .from(regulations)
    .leftJoin(askedText, and(eq(askedText.regulationId, regulations.id), eq(askedText.locale, locale)))
    .leftJoin(
      englishText,
      and(eq(englishText.regulationId, regulations.id), eq(englishText.locale, DEFAULT_LOCALE)),
    )
    .where(
      and(
        isCurrentRegulation(db),
        type === undefined ? undefined : eq(regulations.type, type),
        sql`coalesce(${askedText.id}, ${englishText.id}) is not null`,
      ),
    )
    .orderBy(asc(regulations.type));
}

/** The current versions (one per type that has one). */
export async function findCurrentRegulations(db: Database) {
  return db
    .select({ id: regulations.id, type: regulations.type, version: regulations.version })
    .from(regulations)
    .where(isCurrentRegulation(db));
}

const organisationCondition = (org: OrganisationRef) =>
  'agencyId' in org
    ? eq(logRegulations.agencyId, org.agencyId)
    : eq(logRegulations.advertiserId, org.advertiserId);

/** When the organisation accepted each of these versions (those it did). */
export async function findAcceptances(db: Database, org: OrganisationRef, regulationIds: number[]) {
  if (regulationIds.length === 0) return [];
  return db
    .select({ regulationId: logRegulations.regulationId, createdAt: logRegulations.createdAt })
    .from(logRegulations)
    .where(and(organisationCondition(org), inArray(logRegulations.regulationId, regulationIds)));
}

/** Records the acceptances the organisation does not have yet; returns the new ones. */
export async function insertAcceptances(
  db: Database,
  org: OrganisationRef,
  regulationIds: number[],
  by: { accountId: number | null; ip: string | null },
) {
  if (regulationIds.length === 0) return [];
  return db
    .insert(logRegulations)
    .values(regulationIds.map((regulationId) => ({ regulationId, ...org, ...by })))
    .onConflictDoNothing()
    .returning({
      id: logRegulations.id,
      regulationId: logRegulations.regulationId,
      agencyId: logRegulations.agencyId,
      advertiserId: logRegulations.advertiserId,
    });
}

// --- Acceptance log (admin) -----------------------------------------------------------------

const logColumns = {
  id: logRegulations.id,
  createdAt: logRegulations.createdAt,
  ip: logRegulations.ip,
  regulation: { id: regulations.id, type: regulations.type, version: regulations.version },
  /** Who accepted: named by their agency or advertiser user (null without one). */
  user: organisationUserOf(logRegulations.accountId),
  agency: { id: agencies.id, name: agencies.name },
  advertiser: { id: advertisers.id, name: advertisers.name },
};

export type LogRegulationRow = Awaited<ReturnType<typeof listLogRegulations>>['rows'][number];

function logConditions(query: LogRegulationsQuery): SQL | undefined {
  return and(
    query.regulationId === undefined ? undefined : eq(logRegulations.regulationId, query.regulationId),
    query.agencyId === undefined ? undefined : eq(logRegulations.agencyId, query.agencyId),
    query.advertiserId === undefined ? undefined : eq(logRegulations.advertiserId, query.advertiserId),
    searchOf(query.search, [
      loginOf(logRegulations.accountId),
      profileNameOf('agency', logRegulations.accountId),
      profileNameOf('advertiser', logRegulations.accountId),
      agencies.name,
      advertisers.name,
    ]),
  );
}

/** Newest first: who accepted which version for which organisation. */
export async function listLogRegulations(db: Database, query: LogRegulationsQuery) {
  const where = logConditions(query);
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select(logColumns)
    .from(logRegulations)
    .innerJoin(regulations, eq(regulations.id, logRegulations.regulationId))
    .leftJoin(agencies, eq(agencies.id, logRegulations.agencyId))
    .leftJoin(advertisers, eq(advertisers.id, logRegulations.advertiserId))
    .where(where)
    .orderBy(...orderOf(logRegulations.createdAt, 'desc', logRegulations.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(logRegulations)
    .leftJoin(agencies, eq(agencies.id, logRegulations.agencyId))
    .leftJoin(advertisers, eq(advertisers.id, logRegulations.advertiserId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
