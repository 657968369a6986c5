import { activityEvents } from '@rtb/shared';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, ref } from './columns';

/** Append-only audit trail (a trigger refuses UPDATE and DELETE). */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: id(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    requestId: text('request_id'),
    agencyId: ref('agency_id'),
    advertiserId: ref('advertiser_id'),
    actorAccountId: ref('actor_account_id'),
    impersonatorAccountId: ref('impersonator_account_id'),
    event: text('event', { enum: activityEvents }).notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The entity's name at the change (null when it has none, and on rows written before names were kept). */
    entityName: text('entity_name'),
    changes: jsonb('changes').$type<{ before: unknown; after: unknown }>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('activity_logs_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('activity_logs_agency_idx').on(t.agencyId, t.createdAt.desc(), t.id.desc()),
    index('activity_logs_advertiser_idx').on(t.advertiserId, t.createdAt.desc(), t.id.desc()),
    index('activity_logs_actor_idx').on(t.actorAccountId, t.createdAt.desc(), t.id.desc()),
    index('activity_logs_entity_idx').on(t.entityType, t.entityId),
    index('activity_logs_entity_type_idx').on(t.entityType, t.createdAt.desc(), t.id.desc()),
  ],
);
