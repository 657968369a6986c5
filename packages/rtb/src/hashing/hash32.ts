/*
 * A fast 32-bit non-cryptographic hash for bucketing (model features, hold-out groups): FNV-1a,
 * fed piece by piece so that a key of several parts ('domain=' and the domain, a campaign id and
 * a user id) is hashed without building its string, then murmur3's finaliser, because FNV-1a
 * alone leaves the low bits (what a power-of-two bucket keeps) poorly mixed.
 */

export const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * FNV-1a of `text`'s UTF-16 code units continuing from `hash`: the same as the standard (byte)
 * FNV-1a for ASCII text, and no encoding step for the rest.
 */
export function fnv1aText(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

/** FNV-1a of a 32-bit integer's four bytes, low byte first, continuing from `hash`. */
export function fnv1aInt32(hash: number, value: number): number {
  let h = hash;
  for (let shift = 0; shift < 32; shift += 8) h = Math.imul(h ^ ((value >>> shift) & 0xff), FNV_PRIME);
  return h >>> 0;
}

/** murmur3's fmix32: every input bit flips each output bit with a probability near 1/2. */
export function fmix32(hash: number): number {
  let h = hash;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
