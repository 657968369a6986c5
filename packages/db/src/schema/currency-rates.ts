import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable, unique } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, id, ref } from './columns';
import { currencies } from './reference';

/**
 * Exchange rates: `rate` units of the base currency (config value `base_currency`) for one
 * unit of `currency_id`, valid from `valid_from` until the next rate of that currency.
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    id: id(),
    currencyId: ref('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    createdByAccountId: ref('created_by_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    unique('currency_rates_currency_valid_from_key').on(t.currencyId, t.validFrom),
    check('currency_rates_rate_positive', sql`${t.rate} > 0`),
  ],
);
