import { tagEvents } from '@rtb/db';
import type { AudienceRule } from '@rtb/shared';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const event = alias(tagEvents, 'e');
const later = alias(tagEvents, 'later');

/**
 * Which of an advertiser's products are of the audience's product type, asked of the shop by the
 * caller (the products are the shop's): a condition on the viewed products' ids.
 */
export type ProductTypeCondition = (advertiserId: SQL, productIds: SQL, productType: SQL) => SQL;

/**
 * The tag events that make their user a member of an audience with this rule (the rule's
 * semantics are in packages/shared/src/schemas/audiences.ts), as conditions on `e`: the
 * advertiser's, from a user we know (our cookie id), no bot, within the lookback that starts at
 * `since`; `productType` is the audience's (viewers of a product type). The advertiser's user index
 * (`tag_events_user_idx`) serves every rule.
 */
function memberEvents(
  rule: AudienceRule,
  advertiserId: SQL,
  since: SQL,
  productType: SQL,
  ofProductType: ProductTypeCondition,
): SQL {
  const known = sql`${event.advertiserId} = ${advertiserId} and ${event.userId} is not null and not ${event.bot} and ${event.receivedAt} >= ${since}`;
  switch (rule) {
    case 'all_visitors':
      return known;
    case 'product_viewers':
      return sql`${known} and ${event.type} = 'viewItem'`;
    case 'product_type_viewers':
      return sql`${known} and ${event.type} = 'viewItem' and ${ofProductType(advertiserId, sql`${event.productIds}`, productType)}`;
    case 'cart_abandoners':
      // A transaction at the same instant as the add counts as buying it.
      return sql`${known} and ${event.type} = 'addToCart' and not exists (
        select 1 from ${tagEvents} ${later}
        where ${later.advertiserId} = ${event.advertiserId} and ${later.userId} = ${event.userId}
          and ${later.receivedAt} >= ${event.receivedAt} and ${later.type} = 'trackTransaction' and not ${later.bot})`;
    case 'buyers':
      return sql`${known} and ${event.type} = 'trackTransaction'`;
  }
}

/**
 * The number of distinct members an audience with this rule has now, as a scalar subquery the
 * campaigns context puts in its audience lists (the tag events are this context's: the read of
 * them stays here).
 */
export function audienceMemberCount(
  rule: AudienceRule,
  advertiserId: SQL,
  since: SQL,
  productType: SQL,
  ofProductType: ProductTypeCondition,
): SQL<number> {
  return sql<number>`(select count(distinct ${event.userId})::int from ${tagEvents} ${event} where ${memberEvents(rule, advertiserId, since, productType, ofProductType)})`;
}
