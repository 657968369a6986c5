import { advertisers, agencies } from '@rtb/db';
import type { OrganisationRef } from '@rtb/shared';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { columnSubquery } from '../../../core/column-subquery';

/**
 * The agency of another context's row as `{id, name}` (null when none), as a column of its query:
 * money's lists name whose money it is without reading this context's tables.
 */
export const agencyRefOf = (agencyId: AnyColumn | SQL) =>
  columnSubquery<OrganisationRef | null>(
    sql`select json_build_object('id', ${agencies.id}, 'name', ${agencies.name}) from ${agencies} where ${eq(agencies.id, agencyId)}`,
  );

/** The advertiser of another context's row as `{id, name}` (null when none). */
export const advertiserRefOf = (advertiserId: AnyColumn | SQL) =>
  columnSubquery<OrganisationRef | null>(
    sql`select json_build_object('id', ${advertisers.id}, 'name', ${advertisers.name}) from ${advertisers} where ${eq(advertisers.id, advertiserId)}`,
  );
