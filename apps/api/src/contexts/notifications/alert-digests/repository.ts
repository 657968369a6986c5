import { alertDigestSends, alertDigestSubscriptions, type Database, selectRows } from '@rtb/db';
import { LOCAL_ADMIN_ROLE } from '@rtb/shared';
import { and, eq, sql } from 'drizzle-orm';

/** Whether the user (by account) gets the daily alert digest. */
export async function isSubscribed(db: Database, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: alertDigestSubscriptions.accountId })
    .from(alertDigestSubscriptions)
    .where(eq(alertDigestSubscriptions.accountId, accountId));
  return row !== undefined;
}

/** On (keeping the first time it was switched on) or off. */
export async function setSubscribed(db: Database, accountId: number, on: boolean): Promise<void> {
  if (on) await db.insert(alertDigestSubscriptions).values({ accountId }).onConflictDoNothing();
  else await db.delete(alertDigestSubscriptions).where(eq(alertDigestSubscriptions.accountId, accountId));
}

/** One user whose digest of `day` is due and not done yet. */
export interface DueAlertDigest {
  accountId: number;
  email: string;
  locale: string;
  firstName: string;
  /** An agency user sees the agency's clients, an advertiser user their advertiser. */
  scope: { agencyId: number } | { advertiserId: number };
  /** The user's day (`YYYY-MM-DD`) the digest is of. */
  day: string;
}

/** Bigints come as strings from node-postgres, as numbers from PGlite. */
interface DueRow {
  accountId: string | number;
  email: string;
  locale: string;
  firstName: string;
  agencyId: string | number | null;
  advertiserId: string | number | null;
  day: string;
}

/**
 * The digests due at `now`: a user's falls due at `hour`:00 of their day (the advertiser's time
 * zone; an agency user's is `platformTimeZone`) and stays due until the day ends (a process that
 * was down catches up; a day missed entirely is not sent later). Only to those who switched it on
 * before it fell due, whose account is enabled and verified, who are not service users, and whose
 * role may read what the digest tells: an agency's advertisers, an advertiser's campaigns.
 */
export async function dueAlertDigests(
  db: Database,
  now: Date,
  platformTimeZone: string,
  hour: number,
): Promise<DueAlertDigest[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await selectRows<DueRow>(
    db,
    sql`
    with users as (
      select u.account_id, u.first_name, u.role_id, u.type, u.agency_id, null::bigint as advertiser_id,
             ${platformTimeZone}::text as time_zone, 'advertisers' as resource
      from agency_users u
      union all
      select u.account_id, u.first_name, u.role_id, u.type, null::bigint, u.advertiser_id,
             a.time_zone, 'campaigns'
      from advertiser_users u join advertisers a on a.id = u.advertiser_id
    )
    select acc.id as "accountId", acc.login as "email", acc.locale, u.first_name as "firstName",
           u.agency_id as "agencyId", u.advertiser_id as "advertiserId",
           to_char(local.day, 'YYYY-MM-DD') as "day"
    from alert_digest_subscriptions s
    join users u on u.account_id = s.account_id
    join accounts acc on acc.id = u.account_id
    join roles r on r.id = u.role_id
    cross join lateral (select (${at} at time zone u.time_zone)::date as day) local
    cross join lateral (
      select (local.day + make_interval(hours => ${hour}::int)) at time zone u.time_zone as due_at
    ) due
    where ${at} >= due.due_at
      and s.subscribed_at <= due.due_at
      and acc.enabled and acc.email_verified_at is not null and u.type = 'default'
      and (
        r.slug = ${LOCAL_ADMIN_ROLE}
        or exists (
          select 1 from role_permissions rp join permissions p on p.id = rp.permission_id
          where rp.role_id = r.id and p.resource = u.resource
        )
      )
      and not exists (
        select 1 from alert_digest_sends d where d.account_id = acc.id and d.day = local.day
      )
    order by u.agency_id nulls last, u.advertiser_id, acc.id
  `,
  );
  return rows.map((row) => ({
    accountId: Number(row.accountId),
    email: row.email,
    locale: row.locale,
    firstName: row.firstName,
    scope:
      row.agencyId !== null ? { agencyId: Number(row.agencyId) } : { advertiserId: Number(row.advertiserId) },
    day: row.day,
  }));
}

/**
 * Takes the users' digest of the day (in id order, so concurrent claims never deadlock) and
 * returns those taken here: another transaction that took one first wins it, and this one waits
 * for it to commit before it knows.
 */
export async function claimAlertDigests(db: Database, day: string, accountIds: number[]): Promise<number[]> {
  if (!accountIds.length) return [];
  const rows = await db
    .insert(alertDigestSends)
    .values([...accountIds].sort((a, b) => a - b).map((accountId) => ({ accountId, day })))
    .onConflictDoNothing()
    .returning({ accountId: alertDigestSends.accountId });
  return rows.map((row) => row.accountId);
}

export async function recordAlertDigestEmail(
  db: Database,
  accountId: number,
  day: string,
  queuedEmailId: number,
): Promise<void> {
  await db
    .update(alertDigestSends)
    .set({ queuedEmailId })
    .where(and(eq(alertDigestSends.accountId, accountId), eq(alertDigestSends.day, day)));
}
