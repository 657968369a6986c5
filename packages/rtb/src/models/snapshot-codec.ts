import { assertModelBits, modelDimension } from './dimension';
import { type ModelSnapshot, modelSnapshot } from './snapshot';

/**
 * A snapshot as stored and sent (JSON): only its non-zero weights (L1 leaves most at zero), their
 * indices (Int32, ascending) and values (Float32), each little-endian in base64.
 */
export interface SerialisedModel {
  version: number;
  bits: number;
  indices: string;
  weights: string;
}

const BYTES = 4;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: spreading millions of arguments into one call overflows the stack.
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): DataView {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    throw new RangeError('A serialised model array is not base64.');
  }
  if (binary.length % BYTES !== 0)
    throw new RangeError('A serialised model array is not whole 4-byte values.');
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new DataView(bytes.buffer);
}

export function serialiseModel(snapshot: ModelSnapshot): SerialisedModel {
  const { weights } = snapshot;
  let nonZero = 0;
  for (const weight of weights) if (weight !== 0) nonZero += 1;
  const indices = new DataView(new ArrayBuffer(nonZero * BYTES));
  const values = new DataView(new ArrayBuffer(nonZero * BYTES));
  let at = 0;
  for (let index = 0; index < weights.length; index += 1) {
    const weight = weights[index] ?? 0;
    if (weight === 0) continue;
    indices.setInt32(at, index, true);
    values.setFloat32(at, weight, true);
    at += BYTES;
  }
  return {
    version: snapshot.version,
    bits: snapshot.bits,
    indices: toBase64(new Uint8Array(indices.buffer)),
    weights: toBase64(new Uint8Array(values.buffer)),
  };
}

/** The snapshot back; a RangeError when the text is not one `serialiseModel` could have written. */
export function parseModel(serialised: SerialisedModel): ModelSnapshot {
  assertModelBits(serialised.bits);
  const dimension = modelDimension(serialised.bits);
  const indices = fromBase64(serialised.indices);
  const values = fromBase64(serialised.weights);
  if (indices.byteLength !== values.byteLength)
    throw new RangeError('A serialised model has as many indices as weights.');
  const weights = new Float32Array(dimension);
  let previous = -1;
  for (let at = 0; at < indices.byteLength; at += BYTES) {
    const index = indices.getInt32(at, true);
    const weight = values.getFloat32(at, true);
    if (index <= previous || index >= dimension || !Number.isFinite(weight))
      throw new RangeError(
        `A serialised model's weight ${at / BYTES} is out of order, range or finite values.`,
      );
    weights[index] = weight;
    previous = index;
  }
  return modelSnapshot(serialised.version, serialised.bits, weights);
}
