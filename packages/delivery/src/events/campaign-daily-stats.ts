import { advertisers, type Database, statsCampaignDaily, statsCampaignHourly } from '@rtb/db';
import { eq, getTableColumns, inArray, type SQLWrapper, sql } from 'drizzle-orm';

/** One batch's additions to a campaign's hour (a row of `stats_campaign_hourly`). */
export type CampaignHourDelta = Pick<
  typeof statsCampaignHourly.$inferInsert,
  'hour' | 'advertiserId' | 'campaignId'
> &
  Partial<Omit<typeof statsCampaignHourly.$inferInsert, 'hour' | 'advertiserId' | 'campaignId'>>;

type Counter = keyof Omit<typeof statsCampaignDaily.$inferInsert, 'day' | 'advertiserId' | 'campaignId'>;

const columns = getTableColumns(statsCampaignDaily);
/** The rollups' counters (the daily rollup has every counter of the hourly ones). */
const counters = (Object.keys(columns) as (keyof typeof columns)[]).filter(
  (key): key is Counter => key !== 'day' && key !== 'advertiserId' && key !== 'campaignId',
);
const counterNames = sql.join(
  counters.map((counter) => sql.identifier(columns[counter].name)),
  sql`, `,
);
const sumsOf = (alias: string) =>
  sql.join(
    counters.map((counter) => sql`sum(${sql.identifier(alias)}.${sql.identifier(columns[counter].name)})`),
    sql`, `,
  );

/**
 * The day of the advertiser's clock an hour counts in, in the database: the reports' own
 * `at time zone`, with the same time zone data.
 */
const dayOf = (hour: SQLWrapper, timeZone: SQLWrapper) => sql`(${hour} at time zone ${timeZone})::date`;

/**
 * Adds a batch's campaign hours to the campaigns' days of their advertisers' clocks, in the
 * caller's transaction (the one adding them to `stats_campaign_hourly`). The advertisers' rows
 * are read `FOR SHARE`: a change of time zone (`rebuildCampaignDailyStats`, under the row's
 * update lock) waits for this transaction, or this one waits for it and reads the new zone, so
 * no hour is counted in a zone the rebuild has left. Rows are written in key order so that
 * concurrent batches never deadlock.
 */
export async function addCampaignDailyStats(
  db: Database,
  hours: readonly CampaignHourDelta[],
): Promise<void> {
  if (!hours.length) return;
  const advertiserIds = [...new Set(hours.map((hour) => hour.advertiserId))].sort((a, b) => a - b);
  const values = sql.join(
    hours.map(
      (hour) =>
        sql`(${hour.hour.toISOString()}::timestamptz, ${hour.advertiserId}::bigint, ${hour.campaignId}::bigint, ${sql.join(
          counters.map((counter) => sql`${Number(hour[counter] ?? 0)}::bigint`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    with zone as materialized (
      select ${advertisers.id} as id, ${advertisers.timeZone} as time_zone from ${advertisers}
      where ${inArray(advertisers.id, advertiserIds)}
      order by ${advertisers.id}
      for share
    )
    insert into ${statsCampaignDaily} as d (day, advertiser_id, campaign_id, ${counterNames})
    select ${dayOf(sql`v.hour`, sql`zone.time_zone`)}, v.advertiser_id, v.campaign_id, ${sumsOf('v')}
    from (values ${values}) as v(hour, advertiser_id, campaign_id, ${counterNames})
    join zone on zone.id = v.advertiser_id
    group by 1, 2, 3
    order by 2, 1, 3
    on conflict (advertiser_id, day, campaign_id) do update set ${sql.join(
      counters.map((counter) => {
        const name = sql.identifier(columns[counter].name);
        return sql`${name} = d.${name} + excluded.${name}`;
      }),
      sql`, `,
    )}`);
}

/**
 * Counts an advertiser's campaign hours again in the days of its clock now: call it in the
 * transaction that changes its time zone, after the change (the row's update lock makes batches
 * adding to its days wait, `addCampaignDailyStats`).
 */
export async function rebuildCampaignDailyStats(db: Database, advertiserId: number): Promise<void> {
  await db.delete(statsCampaignDaily).where(eq(statsCampaignDaily.advertiserId, advertiserId));
  await db.execute(sql`
    insert into ${statsCampaignDaily} (day, advertiser_id, campaign_id, ${counterNames})
    select ${dayOf(statsCampaignHourly.hour, advertisers.timeZone)}, ${statsCampaignHourly.advertiserId},
      ${statsCampaignHourly.campaignId}, ${sumsOf('stats_campaign_hourly')}
    from ${statsCampaignHourly}
    join ${advertisers} on ${advertisers.id} = ${statsCampaignHourly.advertiserId}
    where ${eq(statsCampaignHourly.advertiserId, advertiserId)}
    group by 1, 2, 3`);
}
