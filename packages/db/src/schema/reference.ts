import { configValueTypes } from '@rtb/shared';
import { boolean, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

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
