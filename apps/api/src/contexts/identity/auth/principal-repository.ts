import {
  accounts,
  adminUsers,
  advertisers,
  advertiserUsers,
  agencies,
  agencyUsers,
  authTokens,
  type Database,
  roles,
} from '@rtb/db';
import type { UserType } from '@rtb/shared';
import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '../../../core/principal';

export type { Principal } from '../../../core/principal';

const sourceToken = alias(authTokens, 'source_token');
/**
 * The source's own source: an agency session an admin opened, from which the agency user opened
 * one of its advertisers. "Log in as" goes at most two steps deep (admin -> agency -> advertiser).
 */
const rootToken = alias(authTokens, 'root_token');
const profileId = sql<number | null>`coalesce(${adminUsers.id}, ${agencyUsers.id}, ${advertiserUsers.id})`;
const roleId = sql`coalesce(${adminUsers.roleId}, ${agencyUsers.roleId}, ${advertiserUsers.roleId})`;
const pick = <T>(column: string) =>
  sql<T>`coalesce(${sql.raw(['admin_users', 'agency_users', 'advertiser_users'].map((t) => `"${t}"."${column}"`).join(', '))})`;

/** A profile timestamp already in the API's UTC format, whichever profile table it is in. */
const apiTime = (column: string) =>
  sql<string>`to_char(${pick<Date>(column)} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * The principal behind a live bearer token (not expired, not revoked, account enabled), in
 * one query: it runs on every authenticated request.
 */
function principalQuery(db: Database, by: 'tokenHash' | 'tokenId') {
  const now = sql`now()`;
  return db
    .select({
      account: accounts,
      tokenId: authTokens.id,
      // least() skips the nulls of a token that has no source.
      expiresAt:
        sql`least(${authTokens.expiresAt}, ${sourceToken.expiresAt}, ${rootToken.expiresAt})`.mapWith(
          authTokens.expiresAt,
        ),
      impersonatorAccountId: sourceToken.accountId,
      rootImpersonatorAccountId: rootToken.accountId,
      profileId,
      firstName: pick<string>('first_name'),
      lastName: pick<string>('last_name'),
      phone: pick<string | null>('phone'),
      avatarColor: pick<string>('avatar_color'),
      profileCreatedAt: apiTime('created_at'),
      profileUpdatedAt: apiTime('updated_at'),
      type: sql<UserType | null>`coalesce(${agencyUsers.type}, ${advertiserUsers.type})`,
      role: { id: roles.id, slug: roles.slug, name: roles.name },
      agency: { id: agencies.id, name: agencies.name },
      advertiser: { id: advertisers.id, name: advertisers.name, agencyId: advertisers.agencyId },
      permissions: sql<string[]>`coalesce((
        select array_agg(p.resource || ':' || rp.mode order by p.resource)
        from role_permissions rp join permissions p on p.id = rp.permission_id
        where rp.role_id = ${roles.id}), '{}')`,
    })
    .from(authTokens)
    .innerJoin(accounts, eq(accounts.id, authTokens.accountId))
    .leftJoin(sourceToken, eq(sourceToken.id, authTokens.sourceTokenId))
    .leftJoin(rootToken, eq(rootToken.id, sourceToken.sourceTokenId))
    .leftJoin(adminUsers, eq(adminUsers.accountId, accounts.id))
    .leftJoin(agencyUsers, eq(agencyUsers.accountId, accounts.id))
    .leftJoin(advertiserUsers, eq(advertiserUsers.accountId, accounts.id))
    .leftJoin(roles, eq(roles.id, roleId))
    .leftJoin(agencies, eq(agencies.id, agencyUsers.agencyId))
    .leftJoin(advertisers, eq(advertisers.id, advertiserUsers.advertiserId))
    .where(
      and(
        by === 'tokenHash'
          ? eq(authTokens.tokenHash, sql.placeholder('key'))
          : eq(authTokens.id, sql.placeholder('key')),
        eq(authTokens.purpose, 'auth'),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, now),
        eq(accounts.enabled, true),
        // A "log in as" token dies with the session it came from, and with that one's source.
        or(
          isNull(authTokens.sourceTokenId),
          and(isNull(sourceToken.revokedAt), gt(sourceToken.expiresAt, now)),
        ),
        or(isNull(sourceToken.sourceTokenId), and(isNull(rootToken.revokedAt), gt(rootToken.expiresAt, now))),
      ) as SQL,
    )
    .limit(1)
    .prepare(`principal_by_${by}`);
}

/** Prepared once per database (a named statement on PostgreSQL: planned once per connection). */
const prepared = new WeakMap<Database, Record<'tokenHash' | 'tokenId', ReturnType<typeof principalQuery>>>();

export async function findPrincipal(
  db: Database,
  by: { tokenHash: string } | { tokenId: number },
): Promise<Principal | null> {
  let queries = prepared.get(db);
  if (!queries) {
    queries = { tokenHash: principalQuery(db, 'tokenHash'), tokenId: principalQuery(db, 'tokenId') };
    prepared.set(db, queries);
  }
  const [row] =
    'tokenHash' in by
      ? await queries.tokenHash.execute({ key: by.tokenHash })
      : await queries.tokenId.execute({ key: by.tokenId });
  if (!row) return null;
  const a = row.account;
  return {
    accountId: a.id,
    login: a.login,
    kind: a.kind,
    enabled: a.enabled,
    emailVerified: a.emailVerifiedAt !== null,
    locale: a.locale,
    hasPassword: a.passwordHash !== null,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    tokenId: row.tokenId,
    expiresAt: row.expiresAt,
    impersonatorAccountId: row.impersonatorAccountId ?? null,
    rootImpersonatorAccountId: row.rootImpersonatorAccountId ?? null,
    profile:
      row.profileId === null || !row.role
        ? null
        : {
            id: Number(row.profileId),
            firstName: row.firstName,
            lastName: row.lastName,
            phone: row.phone,
            avatarColor: row.avatarColor,
            createdAt: row.profileCreatedAt,
            updatedAt: row.profileUpdatedAt,
            type: row.type,
            role: row.role,
            agency: row.agency,
            advertiser: row.advertiser,
          },
    permissions: row.permissions,
  };
}
