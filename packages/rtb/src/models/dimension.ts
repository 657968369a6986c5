/** Bounds of a model's hashed space: 2^bits buckets (16 = 64 k to 24 = 16 M weights). */
export const MIN_MODEL_BITS = 8;
export const MAX_MODEL_BITS = 24;

export function assertModelBits(bits: number): void {
  if (!Number.isInteger(bits) || bits < MIN_MODEL_BITS || bits > MAX_MODEL_BITS)
    throw new RangeError(`A model has ${MIN_MODEL_BITS} to ${MAX_MODEL_BITS} bits, not ${bits}.`);
}

/**
 * The bias has a weight of its own after the 2^bits hashed buckets, so that no feature ever
 * shares it.
 */
export const biasIndex = (bits: number): number => 2 ** bits;

/** How many weights a model of `bits` has: the buckets and the bias. */
export const modelDimension = (bits: number): number => 2 ** bits + 1;
