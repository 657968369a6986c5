import { type Database, selectRows, weeklyReportSends, weeklyReportSubscriptions } from '@rtb/db';
import { LOCAL_ADMIN_ROLE } from '@rtb/shared';
import { eq, sql } from 'drizzle-orm';

/** Whether the advertiser user gets the weekly report e-mail. */
export async function isSubscribed(db: Database, advertiserUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: weeklyReportSubscriptions.advertiserUserId })
    .from(weeklyReportSubscriptions)
    .where(eq(weeklyReportSubscriptions.advertiserUserId, advertiserUserId));
  return row !== undefined;
}

/** On (keeping the first time it was switched on) or off. */
export async function setSubscribed(db: Database, advertiserUserId: number, on: boolean): Promise<void> {
  if (on) await db.insert(weeklyReportSubscriptions).values({ advertiserUserId }).onConflictDoNothing();
  else
    await db
      .delete(weeklyReportSubscriptions)
      .where(eq(weeklyReportSubscriptions.advertiserUserId, advertiserUserId));
}

/** One advertiser user whose weekly report of `weekStart` is due and not done yet. */
export interface DueWeeklyReport {
  advertiserUserId: number;
  accountId: number;
  email: string;
  locale: string;
  firstName: string;
  advertiserId: number;
  advertiserName: string;
  /** The Monday (of the advertiser's days) of the week the mail sums up. */
  weekStart: string;
  /** Of the advertiser's currency (2 without one, as the reports count). */
  minorUnits: number;
}

/** Bigints and counts come as strings from node-postgres, as numbers from PGlite. */
interface DueRow {
  advertiserUserId: string | number;
  accountId: string | number;
  email: string;
  locale: string;
  firstName: string;
  advertiserId: string | number;
  advertiserName: string;
  weekStart: string;
  minorUnits: string | number;
}

/**
 * The weekly reports due at `now`: a user's falls due at 08:00 on Monday of the advertiser's
 * time zone, for the Monday-to-Sunday before, and stays due for the rest of that week (a process
 * that was down catches up; a week missed entirely is not sent later). Only to those who switched
 * it on before it fell due, whose account is enabled and verified, who are not service users and
 * whose role may read reports (the mail holds the report's figures). By advertiser, then user.
 */
export async function dueWeeklyReports(db: Database, now: Date): Promise<DueWeeklyReport[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await selectRows<DueRow>(
    db,
    sql`
    select u.id as "advertiserUserId", acc.id as "accountId", acc.login as "email", acc.locale,
           u.first_name as "firstName", a.id as "advertiserId", a.name as "advertiserName",
           to_char(week.monday - interval '7 days', 'YYYY-MM-DD') as "weekStart",
           coalesce(c.minor_units, 2) as "minorUnits"
    from weekly_report_subscriptions s
    join advertiser_users u on u.id = s.advertiser_user_id
    join accounts acc on acc.id = u.account_id
    join roles r on r.id = u.role_id
    join advertisers a on a.id = u.advertiser_id
    left join currencies c on c.id = a.currency_id
    cross join lateral (
      select date_trunc('week', ${at} at time zone a.time_zone) as monday
    ) week
    cross join lateral (
      select (week.monday + interval '8 hours') at time zone a.time_zone as due_at
    ) due
    where ${at} >= due.due_at
      and s.subscribed_at <= due.due_at
      and acc.enabled and acc.email_verified_at is not null and u.type = 'default'
      and (
        r.slug = ${LOCAL_ADMIN_ROLE}
        or exists (
          select 1 from role_permissions rp join permissions p on p.id = rp.permission_id
          where rp.role_id = r.id and p.resource = 'reports'
        )
      )
      and not exists (
        select 1 from weekly_report_sends w
        where w.advertiser_user_id = u.id and w.week_start = (week.monday - interval '7 days')::date
      )
    order by a.id, u.id
  `,
  );
  return rows.map((row) => ({
    advertiserUserId: Number(row.advertiserUserId),
    accountId: Number(row.accountId),
    email: row.email,
    locale: row.locale,
    firstName: row.firstName,
    advertiserId: Number(row.advertiserId),
    advertiserName: row.advertiserName,
    weekStart: row.weekStart,
    minorUnits: Number(row.minorUnits),
  }));
}

/**
 * Takes the users' weekly report of the week (in id order, so concurrent claims never deadlock)
 * and returns those taken here: another transaction that took one first wins it, and this one
 * waits for it to commit before it knows.
 */
export async function claimWeeklyReports(
  db: Database,
  weekStart: string,
  advertiserUserIds: number[],
): Promise<number[]> {
  if (!advertiserUserIds.length) return [];
  const rows = await db
    .insert(weeklyReportSends)
    .values(
      [...advertiserUserIds]
        .sort((a, b) => a - b)
        .map((advertiserUserId) => ({ advertiserUserId, weekStart })),
    )
    .onConflictDoNothing()
    .returning({ advertiserUserId: weeklyReportSends.advertiserUserId });
  return rows.map((row) => row.advertiserUserId);
}

export async function recordWeeklyReportEmail(
  db: Database,
  advertiserUserId: number,
  weekStart: string,
  queuedEmailId: number,
): Promise<void> {
  await db
    .update(weeklyReportSends)
    .set({ queuedEmailId })
    .where(
      sql`${weeklyReportSends.advertiserUserId} = ${advertiserUserId} and ${weeklyReportSends.weekStart} = ${weekStart}`,
    );
}
