import { assertModelBits, modelDimension } from './dimension';
import { sigmoid } from './sigmoid';
import { type ModelSnapshot, modelSnapshot } from './snapshot';

/**
 * FTRL-Proximal's settings (McMahan et al., "Ad click prediction: a view from the trenches",
 * 2013): a coordinate's learning rate is alpha / (beta + sqrt(sum of its squared gradients)),
 * so rare features learn fast and frequent ones settle; l1 and l2 weigh on the whole history's
 * loss (l1 zeroes a weight until its summed gradient passes l1: sparse weights).
 */
export interface FtrlSettings {
  bits: number;
  alpha: number;
  beta: number;
  l1: number;
  l2: number;
}

export const DEFAULT_FTRL: Omit<FtrlSettings, 'bits'> = { alpha: 0.05, beta: 1, l1: 1, l2: 1 };

/**
 * A logistic regression over hashed features trained one example at a time (the trainer's
 * side; the bidder scores with a `ModelSnapshot`). Indices are those of `featureIndices`.
 */
export class FtrlProximal {
  readonly settings: FtrlSettings;
  /** Per coordinate: the adjusted sum of gradients, and the sum of squared gradients. */
  readonly z: Float64Array;
  readonly n: Float64Array;

  constructor(settings: Partial<FtrlSettings> & Pick<FtrlSettings, 'bits'>) {
    this.settings = { ...DEFAULT_FTRL, ...settings };
    const { bits, alpha, beta, l1, l2 } = this.settings;
    assertModelBits(bits);
    if (!(alpha > 0) || !(beta >= 0) || !(l1 >= 0) || !(l2 >= 0))
      throw new RangeError('FTRL needs alpha > 0 and beta, l1, l2 >= 0.');
    this.z = new Float64Array(modelDimension(bits));
    this.n = new Float64Array(modelDimension(bits));
  }

  /** A coordinate's weight: the closed-form minimiser of its regularised linearised loss. */
  weight(index: number): number {
    const { alpha, beta, l1, l2 } = this.settings;
    const z = this.z[index] ?? 0;
    if (Math.abs(z) <= l1) return 0;
    return -(z - Math.sign(z) * l1) / ((beta + Math.sqrt(this.n[index] ?? 0)) / alpha + l2);
  }

  /** The probability of a positive label for an example's indices. */
  predict(indices: ArrayLike<number>): number {
    let margin = 0;
    for (let i = 0; i < indices.length; i += 1) margin += this.weight(indices[i] ?? 0);
    return sigmoid(margin);
  }

  /** Learns one example; returns what it predicted before (for progressive validation). */
  update(indices: ArrayLike<number>, positive: boolean): number {
    const probability = this.predict(indices);
    const gradient = probability - (positive ? 1 : 0);
    const squared = gradient * gradient;
    const { alpha } = this.settings;
    for (let i = 0; i < indices.length; i += 1) {
      const index = indices[i] ?? 0;
      const n = this.n[index] ?? 0;
      const sigma = (Math.sqrt(n + squared) - Math.sqrt(n)) / alpha;
      this.z[index] = (this.z[index] ?? 0) + gradient - sigma * this.weight(index);
      this.n[index] = n + squared;
    }
    return probability;
  }

  /** The current weights, frozen for scoring and publishing. */
  snapshot(version: number): ModelSnapshot {
    const weights = new Float32Array(this.z.length);
    for (let index = 0; index < weights.length; index += 1) weights[index] = this.weight(index);
    return modelSnapshot(version, this.settings.bits, weights);
  }
}
