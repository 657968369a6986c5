import {
  type PredictionModelCheck,
  type PredictionModelKind,
  predictionModelKinds,
  predictionModelStatuses,
} from '@rtb/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** What a model predicts: the API contract's kinds, for the delivery engine and the trainer. */
export { type PredictionModelKind, predictionModelKinds };

/**
 * Every version the trainer made of the click and conversion models (packages/rtb's FTRL), each
 * scored on the hold-out hour against the version in use: `published` versions are what the
 * bidders score with (the newest one), `refused` ones failed a check (`refused_checks`). The
 * weights (packages/rtb's `SerialisedModel`: non-zero indices and values, base64) are kept for the
 * newest few published versions only; the figures for every version, for the admins' page.
 */
export const predictionModels = pgTable(
  'prediction_models',
  {
    kind: text('kind', { enum: predictionModelKinds }).notNull(),
    version: integer('version').notNull(),
    status: text('status', { enum: predictionModelStatuses }).notNull(),
    /** packages/rtb's `PublishCheck`s, which the API's contract names (`predictionModelChecks`). */
    refusedChecks: text('refused_checks')
      .array()
      .$type<PredictionModelCheck[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    bits: integer('bits').notNull(),
    nonZeroWeights: integer('non_zero_weights').notNull(),
    /** Base64 of the non-zero weights' indices (int32) and values (float32), little-endian; null once dropped. */
    weightIndices: text('weight_indices'),
    weightValues: text('weight_values'),
    /** Examples learned from, in all versions up to this one. */
    trainedExamples: bigint('trained_examples', { mode: 'number' }).notNull(),
    /** Examples up to this time (their impression's or click's) were learned from. */
    trainedThrough: timestamp('trained_through', { withTimezone: true }).notNull(),
    holdoutFrom: timestamp('holdout_from', { withTimezone: true }).notNull(),
    holdoutTo: timestamp('holdout_to', { withTimezone: true }).notNull(),
    /** packages/rtb's `ModelQuality` of this version on the hold-out, and of the one in use then (null: none). */
    quality: jsonb('quality').notNull(),
    currentQuality: jsonb('current_quality'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.version] }),
    check('prediction_models_version', sql`${t.version} >= 1`),
    index('prediction_models_published_idx')
      .on(t.kind, t.version.desc())
      .where(sql`${t.status} = 'published'`),
  ],
);
