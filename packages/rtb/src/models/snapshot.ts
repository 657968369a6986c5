import { assertModelBits, modelDimension } from './dimension';
import { sigmoid } from './sigmoid';

/**
 * A published version of a model, as the bidder scores with it. Weights are dense (2^bits and
 * the bias): scoring an impression is one array read per feature, no search. Never written
 * after it is made: a new version is a new snapshot.
 */
export interface ModelSnapshot {
  readonly version: number;
  readonly bits: number;
  readonly weights: Float32Array;
}

export function modelSnapshot(version: number, bits: number, weights: Float32Array): ModelSnapshot {
  assertModelBits(bits);
  if (!Number.isSafeInteger(version) || version < 1)
    throw new RangeError(`A model's version is a whole number from 1, not ${version}.`);
  if (weights.length !== modelDimension(bits))
    throw new RangeError(
      `A model of ${bits} bits has ${modelDimension(bits)} weights, not ${weights.length}.`,
    );
  return Object.freeze({ version, bits, weights });
}

/** The snapshot's probability of a positive label for indices made with its bits (`featureIndices`). */
export function predictProbability(snapshot: ModelSnapshot, indices: ArrayLike<number>): number {
  const { weights } = snapshot;
  let margin = 0;
  for (let i = 0; i < indices.length; i += 1) margin += weights[indices[i] ?? 0] ?? 0;
  return sigmoid(margin);
}
