import { describe, expect, it } from 'vitest';
import { FNV_OFFSET_BASIS, fmix32, fnv1aInt32, fnv1aText } from './hash32';

const bitCount = (value: number) => {
  let count = 0;
  for (let v = value >>> 0; v; v >>>= 1) count += v & 1;
  return count;
};

describe('fnv1aText', () => {
  it('is the standard FNV-1a on ASCII text', () => {
    expect(fnv1aText(FNV_OFFSET_BASIS, '')).toBe(0x811c9dc5);
    expect(fnv1aText(FNV_OFFSET_BASIS, 'a')).toBe(0xe40c292c);
    expect(fnv1aText(FNV_OFFSET_BASIS, 'foobar')).toBe(0xbf9cf968);
  });

  it('hashes a key fed in pieces as the whole key', () => {
    expect(fnv1aText(fnv1aText(FNV_OFFSET_BASIS, 'domain='), 'example.com')).toBe(
      fnv1aText(FNV_OFFSET_BASIS, 'domain=example.com'),
    );
  });
});

describe('fnv1aInt32', () => {
  it('hashes the four bytes low first, as the same bytes in text', () => {
    expect(fnv1aInt32(FNV_OFFSET_BASIS, 0x64636261)).toBe(fnv1aText(FNV_OFFSET_BASIS, 'abcd'));
  });
});

describe('fmix32', () => {
  it('flips about half the output bits for one flipped input bit', () => {
    let flipped = 0;
    let trials = 0;
    for (let value = 1; value < 2000; value += 1)
      for (let bit = 0; bit < 32; bit += 1) {
        flipped += bitCount(fmix32(value) ^ fmix32(value ^ (1 << bit)));
        trials += 1;
      }
    expect(flipped / trials).toBeGreaterThan(15.5);
    expect(flipped / trials).toBeLessThan(16.5);
  });
});
