import { audienceRules } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { id, ref, timestamps } from './columns';
import { advertisers } from './organisations';

/** An advertiser's rule-based list of its shop's visitors (`audienceRules` in packages/shared). */
export const audiences = pgTable(
  'audiences',
  {
    id: id(),
    advertiserId: ref('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rule: text('rule', { enum: audienceRules }).notNull(),
    /** `product_type_viewers` only: the feed's product_type, its subtypes included. */
    productType: text('product_type'),
    lookbackDays: smallint('lookback_days').notNull(),
    createdByAccountId: ref('created_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    updatedByAccountId: ref('updated_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('audiences_advertiser_idx').on(t.advertiserId, t.id),
    check('audiences_lookback', sql`${t.lookbackDays} between 1 and 90`),
    check(
      'audiences_product_type',
      sql`(${t.rule} = 'product_type_viewers') = (${t.productType} is not null)`,
    ),
  ],
);
