import {
  type Database,
  type PredictionModelKind,
  predictionModelKinds,
  predictionModels,
  selectRows,
} from '@rtb/db';
import { and, desc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';

/** Taken (with the kind's number) by whoever numbers and writes a version of a kind of model. */
const MODEL_VERSIONS_LOCK = 7_274_032;

/** Waits for the kind's version lock, held until the caller's transaction ends. */
export async function lockModelVersions(db: Database, kind: PredictionModelKind): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${MODEL_VERSIONS_LOCK}, ${predictionModelKinds.indexOf(kind)})`,
  );
}

/** The kind's next version: one past the newest, published or refused (1 for the first). */
export async function nextModelVersion(db: Database, kind: PredictionModelKind): Promise<number> {
  const [row] = await selectRows<{ version: number | string }>(
    db,
    sql`select coalesce(max(version), 0) + 1 as version from prediction_models where kind = ${kind}`,
  );
  return Number(row?.version ?? 1);
}

export type ModelVersionRow = Omit<typeof predictionModels.$inferInsert, 'createdAt'>;

export async function insertModelVersion(db: Database, row: ModelVersionRow): Promise<void> {
  await db.insert(predictionModels).values(row);
}

/**
 * Drops the weights of every published version of the kind but the newest `keep` (their figures
 * stay): the bidders read the newest, the others are kept to go back to by hand.
 */
export async function dropOldWeights(db: Database, kind: PredictionModelKind, keep: number): Promise<void> {
  const newest = db
    .select({ version: predictionModels.version })
    .from(predictionModels)
    .where(and(eq(predictionModels.kind, kind), eq(predictionModels.status, 'published')))
    .orderBy(desc(predictionModels.version))
    .limit(keep);
  await db
    .update(predictionModels)
    .set({ weightIndices: null, weightValues: null })
    .where(
      and(
        eq(predictionModels.kind, kind),
        isNotNull(predictionModels.weightValues),
        notInArray(predictionModels.version, newest),
      ),
    );
}
