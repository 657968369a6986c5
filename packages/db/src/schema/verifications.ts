import { statusVerifications } from '@rtb/shared';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, id, ref } from './columns';
import { advertisers, agencies } from './organisations';

/** Every change of an agency's or advertiser's verification status: who, when, from what to what. */
export const logStatusVerifications = pgTable(
  'log_status_verifications',
  {
    id: id(),
    agencyId: ref('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    advertiserId: ref('advertiser_id').references(() => advertisers.id, { onDelete: 'cascade' }),
    statusFrom: text('status_from', { enum: statusVerifications }).notNull(),
    statusTo: text('status_to', { enum: statusVerifications }).notNull(),
    comment: text('comment'),
    changedByAccountId: ref('changed_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('log_status_verifications_agency_idx').on(t.agencyId, t.createdAt.desc()),
    index('log_status_verifications_advertiser_idx').on(t.advertiserId, t.createdAt.desc()),
  ],
);
