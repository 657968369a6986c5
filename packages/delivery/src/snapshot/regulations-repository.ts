import { advertisers, agencies, type Database, logRegulations, regulations } from '@rtb/db';
import { and, eq, gt, inArray, notExists, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const newerRegulations = alias(regulations, 'newer_regulations');

/** `regulations` is the current version of its type: enabled, with no newer enabled version. */
export const isCurrentRegulation = (db: Database) =>
  and(
    eq(regulations.enabled, true),
    notExists(
      db
        .select({ one: sql`1` })
        .from(newerRegulations)
        .where(
          and(
            eq(newerRegulations.type, regulations.type),
            eq(newerRegulations.enabled, true),
            gt(newerRegulations.version, regulations.version),
          ),
        ),
    ),
  ) as SQL;

/** Current regulations the organisation in `orgId` (agency or advertiser column) has not accepted. */
const pendingRegulations = (
  db: Database,
  orgColumn: typeof logRegulations.agencyId | typeof logRegulations.advertiserId,
  orgId: SQLWrapper,
) =>
  db
    .select({ one: sql`1` })
    .from(regulations)
    .where(
      and(
        isCurrentRegulation(db),
        notExists(
          db
            .select({ one: sql`1` })
            .from(logRegulations)
            .where(and(eq(logRegulations.regulationId, regulations.id), eq(orgColumn, orgId))),
        ),
      ),
    );

/** Of the given organisations, those that accepted every current regulation (one query). */
export async function acceptedOrganisations(
  db: Database,
  orgs: { agencyIds: number[]; advertiserIds: number[] },
): Promise<{ kind: 'agency' | 'advertiser'; id: number }[]> {
  if (orgs.agencyIds.length === 0 && orgs.advertiserIds.length === 0) return [];
  const acceptedAgencies = db
    .select({ kind: sql<'agency' | 'advertiser'>`'agency'`.as('kind'), id: agencies.id })
    .from(agencies)
    .where(
      and(
        inArray(agencies.id, orgs.agencyIds),
        notExists(pendingRegulations(db, logRegulations.agencyId, agencies.id)),
      ),
    );
  const acceptedAdvertisers = db
    .select({ kind: sql<'agency' | 'advertiser'>`'advertiser'`.as('kind'), id: advertisers.id })
    .from(advertisers)
    .where(
      and(
        inArray(advertisers.id, orgs.advertiserIds),
        notExists(pendingRegulations(db, logRegulations.advertiserId, advertisers.id)),
      ),
    );
  return acceptedAgencies.unionAll(acceptedAdvertisers);
}
