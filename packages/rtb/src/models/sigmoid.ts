/** Past this margin the probability is 0 or 1 to double precision; clamping keeps exp finite. */
const MAX_MARGIN = 35;

/** The logistic function of a model's margin (the sum of its weights), 0..1. */
export function sigmoid(margin: number): number {
  const clamped = Math.max(-MAX_MARGIN, Math.min(MAX_MARGIN, margin));
  return 1 / (1 + Math.exp(-clamped));
}
