import { type Database, type PredictionModelKind, predictionModels } from '@rtb/db';
import { type ModelSnapshot, parseModel } from '@rtb/rtb';
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';

/**
 * The newest published version of a kind of model, when it is newer than `after` (the version a
 * bidder scores with; 0 for none): null when there is none newer. Its weights are checked as
 * they are parsed (`parseModel`): a row that does not parse is a RangeError, and the bidder keeps
 * what it has.
 */
export async function newerPublishedModel(
  db: Database,
  kind: PredictionModelKind,
  after: number,
): Promise<ModelSnapshot | null> {
  const [row] = await db
    .select({
      version: predictionModels.version,
      bits: predictionModels.bits,
      indices: predictionModels.weightIndices,
      weights: predictionModels.weightValues,
    })
    .from(predictionModels)
    .where(
      and(
        eq(predictionModels.kind, kind),
        eq(predictionModels.status, 'published'),
        isNotNull(predictionModels.weightValues),
        gt(predictionModels.version, after),
      ),
    )
    .orderBy(desc(predictionModels.version))
    .limit(1);
  if (!row?.indices || !row.weights) return null;
  return parseModel({ version: row.version, bits: row.bits, indices: row.indices, weights: row.weights });
}
