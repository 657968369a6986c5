import { type Database, deliveryEvents, selectRows } from '@rtb/db';
import { sql } from 'drizzle-orm';

/** The test of one campaign over days of its advertiser's clock (both included). */
export interface LiftTestScope {
  advertiserId: number;
  campaignId: number;
  timeZone: string;
  from: string;
  to: string;
  /** How many days after entering the test a user's purchases count. */
  windowDays: number;
}

/** What one group's users bought: revenue in minor units of the advertiser's currency. */
export interface LiftGroupCounts {
  users: number;
  converters: number;
  conversions: number;
  revenueMinor: number;
}

const noUsers: LiftGroupCounts = { users: 0, converters: 0, conversions: 0, revenueMinor: 0 };

/**
 * The exposed and held-out users of a campaign's lift test and what they bought, in one query.
 * A user enters the test at the campaign's first turn to bid on them in the period (our own user
 * ids only: an exchange's `x:` ids are never matched to purchases). The bidder records that turn
 * alike in both groups: an exposure (then it bids) or a ghost (it does not). So the exposed group
 * is every user the campaign bid on, shown the ad or not and whatever notices the exchange sends,
 * as the held-out group is every user it would have bid on (intent to treat: comparing only the
 * users it won with everyone it held out would credit the ads with the difference between those
 * it wins and the rest). A valid win, impression or loss notice of its bid counts as well (each
 * follows an exposure). Anyone else is held out (from the first ghost).
 * Their purchases are the advertiser's valid conversions of that user from entering to
 * `windowDays` after: a held conversion counts through its confirmation (its own valid row), so
 * each order once. The scan is bounded by the period's partitions, and for conversions by the
 * window after them (`delivery_events_advertiser_time_idx`).
 */
export async function liftGroupCounts(
  db: Database,
  scope: LiftTestScope,
): Promise<{ exposed: LiftGroupCounts; heldOut: LiftGroupCounts }> {
  const start = sql`(${scope.from}::date::timestamp at time zone ${scope.timeZone})`;
  const end = sql`((${scope.to}::date + 1)::timestamp at time zone ${scope.timeZone})`;
  const window = sql`make_interval(days => ${scope.windowDays}::int)`;
  const rows = await selectRows<{
    exposed: boolean;
    users: number | string;
    converters: number | string;
    conversions: number | string;
    revenue: number | string;
  }>(
    db,
    sql`
    with entered as (
      select user_id, min(occurred_at) filter (where kind <> 'ghost') as exposed_at,
        min(occurred_at) as first_at
      from ${deliveryEvents}
      where advertiser_id = ${scope.advertiserId} and campaign_id = ${scope.campaignId}
        and kind in ('exposure', 'win', 'impression', 'loss', 'ghost') and invalid_reason is null
        and user_id is not null and user_id not like 'x:%'
        and partition_at >= ${start} and partition_at < ${end}
      group by user_id
    ), members as (
      select user_id, exposed_at is not null as exposed, coalesce(exposed_at, first_at) as entered_at
      from entered
    ), bought as (
      select m.user_id, count(*) as conversions, coalesce(sum(c.value_minor), 0) as revenue
      from members m
      join ${deliveryEvents} c on c.user_id = m.user_id
      where c.advertiser_id = ${scope.advertiserId} and c.kind = 'conversion' and c.invalid_reason is null
        and c.partition_at >= ${start} and c.partition_at < ${end} + ${window}
        and c.occurred_at >= m.entered_at and c.occurred_at < m.entered_at + ${window}
      group by m.user_id
    )
    select m.exposed, count(*) as users, count(b.user_id) as converters,
      coalesce(sum(b.conversions), 0) as conversions, coalesce(sum(b.revenue), 0) as revenue
    from members m left join bought b on b.user_id = m.user_id
    group by m.exposed`,
  );
  const groupOf = (exposed: boolean): LiftGroupCounts => {
    const row = rows.find((r) => r.exposed === exposed);
    return row
      ? {
          users: Number(row.users),
          converters: Number(row.converters),
          conversions: Number(row.conversions),
          revenueMinor: Number(row.revenue),
        }
      : noUsers;
  };
  return { exposed: groupOf(true), heldOut: groupOf(false) };
}
