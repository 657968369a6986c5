import { advertisers, agencies } from '@rtb/db';
import type { OrganisationRef } from '@rtb/shared';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { columnSubquery } from '../../../core/column-subquery';
import { searchOf } from '../../../core/list';

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

/** The name of the agency in `agencyId`, or null. */
export const agencyNameOf = (agencyId: AnyColumn | SQL) =>
  columnSubquery<string | null>(
    sql`select ${agencies.name} from ${agencies} where ${eq(agencies.id, agencyId)}`,
  );

/** The name of the advertiser in `advertiserId`, or null. */
export const advertiserNameOf = (advertiserId: AnyColumn | SQL) =>
  columnSubquery<string | null>(
    sql`select ${advertisers.name} from ${advertisers} where ${eq(advertisers.id, advertiserId)}`,
  );

/** The agency above the advertiser in `advertiserId`, or null (none, or no advertiser). */
export const agencyIdOfAdvertiser = (advertiserId: AnyColumn | SQL) =>
  columnSubquery<number | null>(
    sql`select ${advertisers.agencyId} from ${advertisers} where ${eq(advertisers.id, advertiserId)}`,
  ).mapWith(Number);

/**
 * The time zone of the advertiser in `advertiserId` (IANA name; null when none): money's
 * statements book a day's spend on the advertiser's own day.
 */
export const advertiserTimeZoneOf = (advertiserId: AnyColumn | SQL) =>
  columnSubquery<string | null>(
    sql`select ${advertisers.timeZone} from ${advertisers} where ${eq(advertisers.id, advertiserId)}`,
  );

/** An advertiser as a banner's review shows it: its code, whether its creatives are trusted, its agency. */
export interface AdvertiserSummary extends OrganisationRef {
  code: string;
  creativesTrusted: boolean;
  agency: OrganisationRef | null;
}

/** The advertiser in `advertiserId` as an `AdvertiserSummary`. */
export const advertiserSummaryOf = (advertiserId: AnyColumn | SQL) =>
  columnSubquery<AdvertiserSummary>(
    sql`select json_build_object('id', ${advertisers.id}, 'name', ${advertisers.name}, 'code', ${advertisers.code}, 'creativesTrusted', ${advertisers.creativesTrusted}, 'agency', ${agencyRefOf(advertisers.agencyId)}) from ${advertisers} where ${eq(advertisers.id, advertiserId)}`,
  );

/**
 * Rows whose advertiser (in `advertiserId`) has the search text in its name or code
 * (case-insensitive); no condition without a search.
 */
export function advertiserMatching(
  advertiserId: AnyColumn | SQL,
  search: string | undefined,
): SQL | undefined {
  const matching = searchOf(search, [advertisers.name, advertisers.code]);
  return matching && sql`${advertiserId} in (select ${advertisers.id} from ${advertisers} where ${matching})`;
}
