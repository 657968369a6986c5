import { type Database, type GeneratedReportParameters, generatedReports } from '@rtb/db';
import type { GeneratedReportError, GeneratedReportsQuery, GeneratedReportType } from '@rtb/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { limitOffset } from '../../../core/list';
import { personNameOf } from '../../identity';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;
const days = (n: number) => sql`make_interval(days => ${n})`;

const columns = {
  id: generatedReports.id,
  type: generatedReports.type,
  parameters: generatedReports.parameters,
  status: generatedReports.status,
  progress: generatedReports.progress,
  rows: generatedReports.rows,
  fileKey: generatedReports.fileKey,
  fileSize: generatedReports.fileSize,
  error: generatedReports.error,
  createdAt: generatedReports.createdAt,
  startedAt: generatedReports.startedAt,
  finishedAt: generatedReports.finishedAt,
  expiresAt: generatedReports.expiresAt,
  createdById: generatedReports.createdByAccountId,
  createdByName: personNameOf(generatedReports.createdByAccountId),
};

const selectReports = (db: Database) => db.select(columns).from(generatedReports);

export type GeneratedReportRow = Awaited<ReturnType<typeof findReport>> & {};

export async function insertReport(
  db: Database,
  values: {
    type: GeneratedReportType;
    parameters: GeneratedReportParameters;
    createdByAccountId: number | null;
  },
): Promise<number> {
  const [row] = await db.insert(generatedReports).values(values).returning({ id: generatedReports.id });
  if (!row) throw new Error('generated report not inserted');
  return row.id;
}

export async function findReport(db: Database, id: number) {
  const [row] = await selectReports(db).where(eq(generatedReports.id, id));
  return row ?? null;
}

/** A page of reports, newest first. */
export async function listReports(db: Database, query: GeneratedReportsQuery) {
  const where = and(
    query.type ? eq(generatedReports.type, query.type) : undefined,
    query.status ? eq(generatedReports.status, query.status) : undefined,
  );
  const { limit, offset } = limitOffset(query);
  const rows = await selectReports(db)
    .where(where)
    .orderBy(desc(generatedReports.createdAt), desc(generatedReports.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(generatedReports).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Deletes the report; its file's key (to remove once committed), or undefined when there was none. */
export async function deleteReport(
  db: Database,
  id: number,
): Promise<{ fileKey: string | null } | undefined> {
  const [row] = await db
    .delete(generatedReports)
    .where(eq(generatedReports.id, id))
    .returning({ fileKey: generatedReports.fileKey });
  return row;
}

export interface LeasedReport {
  id: number;
  type: GeneratedReportType;
  parameters: GeneratedReportParameters;
}

/** Takes the oldest queued report for this run (`token`); other workers skip it (SKIP LOCKED). */
export async function leaseQueuedReport(
  db: Database,
  token: string,
  leaseMs: number,
): Promise<LeasedReport | null> {
  const [row] = await db
    .update(generatedReports)
    .set({
      status: 'running',
      progress: 0,
      attempts: sql`${generatedReports.attempts} + 1`,
      leaseToken: token,
      leaseExpiresAt: sql`now() + ${seconds(leaseMs)}`,
      startedAt: sql`coalesce(${generatedReports.startedAt}, now())`,
    })
    .where(
      eq(
        generatedReports.id,
        sql`(select q.id from generated_reports q where q.status = 'queued'
              order by q.id limit 1 for update skip locked)`,
      ),
    )
    .returning({
      id: generatedReports.id,
      type: generatedReports.type,
      parameters: generatedReports.parameters,
    });
  return row ?? null;
}

/**
 * Runs whose lease ran out (their process stopped): queued again while they have attempts
 * left, else failed as `interrupted` (kept for the retention period). Returns the lease tokens
 * they ran under, which name the partial files they left.
 */
export async function releaseExpiredRuns(
  db: Database,
  maxAttempts: number,
  retentionDays: number,
): Promise<{ id: number; leaseToken: string; format: string }[]> {
  const result = await db.execute(sql`
    update generated_reports r
    set status = case when r.attempts < ${maxAttempts} then 'queued' else 'failed' end,
      error = case when r.attempts < ${maxAttempts} then null else 'interrupted' end,
      finished_at = case when r.attempts < ${maxAttempts} then null else now() end,
      expires_at = case when r.attempts < ${maxAttempts} then null else now() + ${days(retentionDays)} end,
      progress = 0, lease_token = null, lease_expires_at = null
    from (
      select id, lease_token from generated_reports
      where status = 'running' and lease_expires_at < now()
      for update skip locked
    ) expired
    where r.id = expired.id
    returning r.id, expired.lease_token, r.parameters->>'format' as format`);
  return rowsOf<{ id: string | number; lease_token: string; format: string }>(result).map((row) => ({
    id: Number(row.id),
    leaseToken: row.lease_token,
    format: row.format,
  }));
}

/** This run's hold on its report: the condition of every write of the run. */
const heldBy = (id: number, token: string) =>
  and(
    eq(generatedReports.id, id),
    eq(generatedReports.leaseToken, token),
    eq(generatedReports.status, 'running'),
  );

/** Moves the progress on (and renews the lease); false when the run lost the report (deleted, or its lease ran out). */
export async function setProgress(
  db: Database,
  id: number,
  token: string,
  progress: number,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(generatedReports)
    .set({ progress, leaseExpiresAt: sql`now() + ${seconds(leaseMs)}` })
    .where(heldBy(id, token))
    .returning({ id: generatedReports.id });
  return rows.length > 0;
}

/** Ends the run: done with its file, or failed; kept until `retentionDays` from now. */
export async function finishReport(
  db: Database,
  id: number,
  token: string,
  retentionDays: number,
  outcome:
    | { status: 'done'; rows: number; fileKey: string; fileSize: number }
    | { status: 'failed'; error: GeneratedReportError },
): Promise<boolean> {
  const rows = await db
    .update(generatedReports)
    .set({
      ...(outcome.status === 'done'
        ? {
            status: 'done',
            progress: 100,
            rows: outcome.rows,
            fileKey: outcome.fileKey,
            fileSize: outcome.fileSize,
          }
        : { status: 'failed', error: outcome.error }),
      finishedAt: sql`now()`,
      expiresAt: sql`now() + ${days(retentionDays)}`,
      leaseToken: null,
      leaseExpiresAt: null,
    })
    .where(heldBy(id, token))
    .returning({ id: generatedReports.id });
  return rows.length > 0;
}

/** Deletes the reports past their retention (a batch at a time); the keys of their files. */
export async function deleteExpiredReports(db: Database, limit = 100): Promise<(string | null)[]> {
  const rows = await db
    .delete(generatedReports)
    .where(
      eq(
        generatedReports.id,
        sql`any(array(select e.id from generated_reports e where e.expires_at < now()
              order by e.expires_at limit ${limit} for update skip locked))`,
      ),
    )
    .returning({ fileKey: generatedReports.fileKey });
  return rows.map((row) => row.fileKey);
}
