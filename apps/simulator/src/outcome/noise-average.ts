import { sigmoid } from './logistic';

/** Gauss-Hermite quadrature for the standard normal (9 points; each node but 0 stands for ±node). */
const points: readonly { node: number; weight: number }[] = [
  { node: 0, weight: 0.40634920634920635 },
  { node: 1.0232556637891326, weight: 0.24409750289493953 },
  { node: 2.07684797867783, weight: 0.04991640676521782 },
  { node: 3.20542900285647, weight: 0.0027891413212317692 },
  { node: 4.512745863399783, weight: 2.2345844007746607e-5 },
];

/**
 * E[sigmoid(logit + N(0, sigma))]: the probability the features alone give when each
 * impression's own noise is unknown, the best any model of those features can predict.
 */
export function meanOverNoise(logit: number, sigma: number): number {
  let mean = 0;
  for (const { node, weight } of points)
    mean +=
      node === 0
        ? weight * sigmoid(logit)
        : weight * (sigmoid(logit - sigma * node) + sigmoid(logit + sigma * node));
  return mean;
}
