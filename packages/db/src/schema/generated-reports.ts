import { generatedReportErrors, generatedReportStatuses, generatedReportTypes } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, id, ref } from './columns';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** What a generated report was asked for (`generatedReportParameters` in packages/shared, filled in). */
export interface GeneratedReportParameters {
  from: string;
  to: string;
  format: 'csv' | 'xlsx';
  style: 'locale' | 'iso';
  locale: 'en' | 'pl';
}

/**
 * The admin's generated reports: queued by an admin, made by the report worker (under a lease,
 * renewed while it runs) into a file under DATA_DIR/reports named by `file_key`, and deleted with
 * the file once `expires_at` passes (REPORTS_RETENTION_DAYS after it ended).
 */
export const generatedReports = pgTable(
  'generated_reports',
  {
    id: id(),
    type: text('type', { enum: generatedReportTypes }).notNull(),
    parameters: jsonb('parameters').$type<GeneratedReportParameters>().notNull(),
    status: text('status', { enum: generatedReportStatuses }).notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    rows: bigint('rows', { mode: 'number' }),
    fileKey: text('file_key').unique(),
    fileSize: bigint('file_size', { mode: 'number' }),
    error: text('error', { enum: generatedReportErrors }),
    /** Runs started: a run whose worker stopped is queued again, up to a limit. */
    attempts: integer('attempts').notNull().default(0),
    createdByAccountId: ref('created_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    expiresAt: at('expires_at'),
    leaseToken: uuid('lease_token'),
    leaseExpiresAt: at('lease_expires_at'),
  },
  (t) => [
    check('generated_reports_progress', sql`${t.progress} between 0 and 100`),
    index('generated_reports_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('generated_reports_queue_idx').on(t.id).where(sql`${t.status} = 'queued'`),
    index('generated_reports_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
  ],
);
