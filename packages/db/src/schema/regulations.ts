import { regulationTypes } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, id, ref, timestamps } from './columns';
import { advertisers, agencies } from './organisations';

/** A versioned document (terms of service, privacy policy); the current one is the newest enabled version. */
export const regulations = pgTable(
  'regulations',
  {
    id: id(),
    type: text('type', { enum: regulationTypes }).notNull(),
    version: integer('version').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    ...timestamps(),
  },
  (t) => [unique('regulations_type_version_key').on(t.type, t.version)],
);

/** The text of a regulation in one locale. */
export const regulationTexts = pgTable(
  'regulation_texts',
  {
    id: id(),
    regulationId: ref('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    ...timestamps(),
  },
  (t) => [unique('regulation_texts_regulation_locale_key').on(t.regulationId, t.locale)],
);

/**
 * Acceptances: a user accepts a regulation version on behalf of their organisation, which then
 * has it accepted (`hasRegulationAccepted`). One row per organisation and version.
 */
export const logRegulations = pgTable(
  'log_regulations',
  {
    id: id(),
    regulationId: ref('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    accountId: ref('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    agencyId: ref('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    advertiserId: ref('advertiser_id').references(() => advertisers.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('log_regulations_agency_key')
      .on(t.regulationId, t.agencyId)
      .where(sql`${t.agencyId} is not null`),
    uniqueIndex('log_regulations_advertiser_key')
      .on(t.regulationId, t.advertiserId)
      .where(sql`${t.advertiserId} is not null`),
    index('log_regulations_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);
