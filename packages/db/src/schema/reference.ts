import { configValueTypes } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, date, jsonb, numeric, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, id, ref, timestamps } from './columns';

export const locales = pgTable('locales', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps(),
});

export const countries = pgTable('countries', {
  id: id(),
  code: text('code').notNull().unique(),
  isoCode: text('iso_code').notNull(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  eu: boolean('eu').notNull().default(false),
  ...timestamps(),
});

export const currencies = pgTable('currencies', {
  id: id(),
  code: text('code').notNull().unique(),
  isoCode: text('iso_code').notNull(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  minorUnits: smallint('minor_units').notNull().default(2),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps(),
});

/** Typed platform settings; `value` holds the JSON of its `type`. */
export const configValues = pgTable('config_values', {
  id: id(),
  key: text('key').notNull().unique(),
  type: text('type', { enum: configValueTypes }).notNull(),
  value: jsonb('value').notNull(),
  description: text('description').notNull().default(''),
  ...timestamps(),
});

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
