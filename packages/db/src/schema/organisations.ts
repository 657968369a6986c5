import { statusVerifications } from '@rtb/shared';
import { boolean, index, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { id, money, ref, timestamps } from './columns';
import { countries, currencies } from './reference';

const billing = () => ({
  currencyId: ref('currency_id').references(() => currencies.id),
  countryId: ref('country_id').references(() => countries.id),
  taxId: text('tax_id'),
  taxAddress: text('tax_address'),
  taxEmail: text('tax_email'),
  phone: text('phone'),
  statusVerification: text('status_verification', { enum: statusVerifications })
    .notNull()
    .default('unverified'),
  creditLimit: money('credit_limit').notNull().default(0),
  useCreditLimit: boolean('use_credit_limit').notNull().default(false),
  stripeId: text('stripe_id'),
});

export const agencies = pgTable(
  'agencies',
  {
    id: id(),
    name: text('name').notNull(),
    ...billing(),
    commissionPercentLimit: numeric('commission_percent_limit', { precision: 5, scale: 2 })
      .notNull()
      .default('0'),
    ...timestamps(),
  },
  (t) => [index('agencies_name_idx').on(t.name)],
);

export const advertisers = pgTable(
  'advertisers',
  {
    id: id(),
    agencyId: ref('agency_id').references(() => agencies.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    externalId: text('external_id'),
    ...billing(),
    websiteUrl: text('website_url'),
    websiteLocales: text('website_locales').array().notNull().default([]),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    agencyPaidCampaigns: boolean('agency_paid_campaigns').notNull().default(false),
    /** IANA name: the advertiser's days and hours (budgets, schedules, reports) count in it. */
    timeZone: text('time_zone').notNull().default('Europe/Warsaw'),
    /** An admin's switch: this advertiser's creatives are approved without review. */
    creativesTrusted: boolean('creatives_trusted').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    unique('advertisers_code_key').on(t.code),
    index('advertisers_agency_idx').on(t.agencyId, t.id),
    // Both directions of the list's default sort, as orderOf spells them (asc; desc nulls last).
    index('advertisers_name_idx').on(t.name, t.id),
    index('advertisers_name_desc_idx').on(t.name.desc().nullsLast(), t.id.desc().nullsLast()),
    index('advertisers_created_desc_idx').on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast()),
  ],
);
