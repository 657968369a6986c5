/*
 * Draws from the distributions Thompson sampling needs, from an injected uniform source
 * (`random()`, 0..1) so that a test or a replay draws the same.
 */

/** A standard normal draw (Box-Muller; 1 - random() keeps the logarithm away from 0). */
export function standardNormal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * A Gamma(shape, 1) draw by Marsaglia and Tsang's squeeze (2000); a shape under 1 is boosted
 * to shape + 1 and scaled by U^(1/shape).
 */
export function sampleGamma(shape: number, random: () => number): number {
  if (!(shape > 0)) throw new RangeError(`A gamma shape must be positive, not ${shape}.`);
  if (shape < 1) return sampleGamma(shape + 1, random) * (1 - random()) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = standardNormal(random);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    const u = 1 - random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** A Beta(alpha, beta) draw: X / (X + Y) for X ~ Gamma(alpha), Y ~ Gamma(beta). */
export function sampleBeta(alpha: number, beta: number, random: () => number): number {
  const x = sampleGamma(alpha, random);
  const y = sampleGamma(beta, random);
  // Both underflow only for tiny shapes: the mean is the fair answer then.
  return x + y > 0 ? x / (x + y) : alpha / (alpha + beta);
}
