import { type Database, predictionModels } from '@rtb/db';
import type { ModelQuality } from '@rtb/rtb';
import type { PredictionModelKind, PredictionModelsQuery } from '@rtb/shared';
import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import { limitOffset } from '../../../core/list';

/** packages/rtb's `ModelQuality` as the trainer stored it: JSON has no NaN, so the log loss of no example is null. */
export type StoredQuality = Omit<ModelQuality, 'logLoss'> & { logLoss: number | null };

const columns = {
  kind: predictionModels.kind,
  version: predictionModels.version,
  status: predictionModels.status,
  refusedChecks: predictionModels.refusedChecks,
  bits: predictionModels.bits,
  nonZeroWeights: predictionModels.nonZeroWeights,
  trainedExamples: predictionModels.trainedExamples,
  trainedThrough: predictionModels.trainedThrough,
  holdoutFrom: predictionModels.holdoutFrom,
  holdoutTo: predictionModels.holdoutTo,
  quality: predictionModels.quality,
  currentQuality: predictionModels.currentQuality,
  createdAt: predictionModels.createdAt,
};

/** Each version, marked when it is the newest published one of its kind: the one the bidders score with. */
function selectModels(db: Database) {
  const inUse = db
    .select({ kind: predictionModels.kind, version: max(predictionModels.version).as('in_use_version') })
    .from(predictionModels)
    .where(eq(predictionModels.status, 'published'))
    .groupBy(predictionModels.kind)
    .as('in_use');
  return db
    .select({ ...columns, inUse: sql<boolean>`${inUse.version} is not null` })
    .from(predictionModels)
    .leftJoin(inUse, and(eq(inUse.kind, predictionModels.kind), eq(inUse.version, predictionModels.version)));
}

type SelectedRow = Awaited<ReturnType<typeof selectModels>>[number];
export type PredictionModelRow = Omit<SelectedRow, 'quality' | 'currentQuality'> & {
  quality: StoredQuality;
  currentQuality: StoredQuality | null;
};

const typed = (row: SelectedRow): PredictionModelRow => ({
  ...row,
  quality: row.quality as StoredQuality,
  currentQuality: row.currentQuality as StoredQuality | null,
});

/** A page of versions, newest first (optionally of one kind or status). */
export async function listModels(db: Database, query: PredictionModelsQuery) {
  const where = and(
    query.kind ? eq(predictionModels.kind, query.kind) : undefined,
    query.status ? eq(predictionModels.status, query.status) : undefined,
  );
  const { limit, offset } = limitOffset(query);
  const rows = await selectModels(db)
    .where(where)
    .orderBy(desc(predictionModels.createdAt), desc(predictionModels.version), asc(predictionModels.kind))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(predictionModels).where(where);
  return { rows: rows.map(typed), total: total?.n ?? 0 };
}

export async function findModel(db: Database, kind: PredictionModelKind, version: number) {
  const [row] = await selectModels(db).where(
    and(eq(predictionModels.kind, kind), eq(predictionModels.version, version)),
  );
  return row ? typed(row) : null;
}
