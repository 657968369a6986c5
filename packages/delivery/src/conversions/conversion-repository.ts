import { conversionOrders, conversionSettings, type Database, selectRows } from '@rtb/db';
import type { ConversionConfirmer, ConversionStatus } from '@rtb/shared';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';

export type ConversionOrderRow = typeof conversionOrders.$inferSelect;
export type ConversionSettingsRow = typeof conversionSettings.$inferSelect;

/** A browser conversion the rate limit asks about: its user, time and order at one shop. */
export interface RateQuestion {
  advertiserId: number;
  userId: string;
  occurredAt: Date;
  orderId: string;
}

/**
 * For each question, how many browser conversions (pixel and tag) the user made at the shop in
 * the hour before it, counting at most `limit`: those claimed earlier (this transaction's
 * included), ordered by time and then order id, so that of one batch the first ones pass
 * (`conversion_orders_user_idx`).
 */
export async function earlierBrowserConversions(
  db: Database,
  questions: RateQuestion[],
  limit: number,
): Promise<number[]> {
  if (!questions.length) return [];
  const values = sql.join(
    questions.map(
      (q, i) =>
        sql`(${i}::int, ${q.advertiserId}::bigint, ${q.userId}::text, ${q.occurredAt.toISOString()}::timestamptz, ${q.orderId}::text)`,
    ),
    sql`, `,
  );
  const rows = await selectRows<{ i: number; n: string | number }>(
    db,
    sql`
    select v.i, (
      select count(*) from (
        select 1 from ${conversionOrders} c
        where c.advertiser_id = v.advertiser_id and c.user_id = v.user_id
          and c.source in ('conversion', 'tag')
          and c.occurred_at > v.at - interval '1 hour'
          and (c.occurred_at, c.order_id) < (v.at, v.order_id)
        limit ${limit}
      ) earlier
    ) as n
    from (values ${values}) as v(i, advertiser_id, user_id, at, order_id)`,
  );
  const counts = new Array<number>(questions.length).fill(0);
  for (const row of rows) counts[Number(row.i)] = Number(row.n);
  return counts;
}

/** What the checks made of a newly claimed conversion. */
export type ConversionOutcome = Pick<
  ConversionOrderRow,
  'advertiserId' | 'orderId' | 'status' | 'holdReasons' | 'attribution'
>;

/** Writes the checks' outcomes onto the orders' rows (one statement). */
export async function recordConversionOutcomes(db: Database, outcomes: ConversionOutcome[]): Promise<void> {
  if (!outcomes.length) return;
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.advertiserId}::bigint, ${o.orderId}::text, ${o.status}::text, ${`{${o.holdReasons.join(',')}}`}::text[], ${o.attribution}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${conversionOrders} c
    set status = v.status, hold_reasons = v.hold_reasons, attribution = v.attribution
    from (values ${values}) as v(advertiser_id, order_id, status, hold_reasons, attribution)
    where c.advertiser_id = v.advertiser_id and c.order_id = v.order_id`);
}

/** Which held conversion to confirm: by its id (the Tags tab) or its order id (a postback). */
export type ConfirmTarget = { id: number } | { orderId: string };

/**
 * Marks one of the advertiser's conversions confirmed, if it is in one of `statuses` and happened
 * after `since`, and returns it as it was; null when none is (a second confirmation finds none).
 */
export async function markConfirmed(
  db: Database,
  change: {
    advertiserId: number;
    target: ConfirmTarget;
    statuses: readonly ConversionStatus[];
    since: Date;
    by: ConversionConfirmer;
    accountId: number | null;
    valueMinor: number | null;
  },
): Promise<ConversionOrderRow | null> {
  const [row] = await db
    .update(conversionOrders)
    .set({
      status: 'confirmed',
      confirmedAt: sql`now()`,
      confirmedBy: change.by,
      confirmedByAccountId: change.accountId,
      confirmedValueMinor: change.valueMinor ?? sql`${conversionOrders.valueMinor}`,
    })
    .where(
      and(
        eq(conversionOrders.advertiserId, change.advertiserId),
        'id' in change.target
          ? eq(conversionOrders.id, change.target.id)
          : eq(conversionOrders.orderId, change.target.orderId),
        inArray(conversionOrders.status, [...change.statuses]),
        gt(conversionOrders.occurredAt, change.since),
      ),
    )
    .returning();
  return row ?? null;
}

/** One of the advertiser's conversions by its id or order id; null when it has none. */
export async function findConversion(
  db: Database,
  advertiserId: number,
  target: ConfirmTarget,
): Promise<ConversionOrderRow | null> {
  const [row] = await db
    .select()
    .from(conversionOrders)
    .where(
      and(
        eq(conversionOrders.advertiserId, advertiserId),
        'id' in target ? eq(conversionOrders.id, target.id) : eq(conversionOrders.orderId, target.orderId),
      ),
    );
  return row ?? null;
}

/**
 * The advertiser's newest conversions (of one status, or any), newest first; rows from before
 * their details were kept (no source) are left out.
 */
export function newestConversions(
  db: Database,
  advertiserId: number,
  options: { status?: ConversionStatus; limit: number },
): Promise<ConversionOrderRow[]> {
  return db
    .select()
    .from(conversionOrders)
    .where(
      and(
        eq(conversionOrders.advertiserId, advertiserId),
        sql`${conversionOrders.source} is not null`,
        options.status ? eq(conversionOrders.status, options.status) : undefined,
      ),
    )
    .orderBy(desc(conversionOrders.id))
    .limit(options.limit);
}

/** How many of the advertiser's conversions are held (`conversion_orders_held_idx`). */
export async function heldConversionCount(db: Database, advertiserId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversionOrders)
    .where(and(eq(conversionOrders.advertiserId, advertiserId), eq(conversionOrders.status, 'held')));
  return row?.n ?? 0;
}

/** The settings rows of these advertisers (those that have one). */
export function conversionSettingsOf(
  db: Database,
  advertiserIds: number[],
): Promise<ConversionSettingsRow[]> {
  if (!advertiserIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(conversionSettings)
    .where(inArray(conversionSettings.advertiserId, [...new Set(advertiserIds)]));
}

/** The advertiser's settings row, locked for a change; made (with nothing set) when it has none. */
export async function lockConversionSettings(
  db: Database,
  advertiserId: number,
): Promise<ConversionSettingsRow> {
  await db.insert(conversionSettings).values({ advertiserId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(conversionSettings)
    .where(eq(conversionSettings.advertiserId, advertiserId))
    .for('update');
  if (!row) throw new Error(`The conversion settings of advertiser ${advertiserId} were not made.`);
  return row;
}

export async function updateConversionSettings(
  db: Database,
  advertiserId: number,
  change: Partial<
    Pick<ConversionSettingsRow, 'maxOrderValueMinor' | 'postbackSecret' | 'postbackSecretCreatedAt'>
  >,
): Promise<ConversionSettingsRow> {
  const [row] = await db
    .update(conversionSettings)
    .set(change)
    .where(eq(conversionSettings.advertiserId, advertiserId))
    .returning();
  if (!row) throw new Error(`No conversion settings of advertiser ${advertiserId}.`);
  return row;
}
