import { describe, expect, it } from 'vitest';
import { randomId } from './random-id';

describe('randomId', () => {
  it('gives ids of the asked length, all different, across refills of the pool', () => {
    const ids = Array.from({ length: 1000 }, () => randomId(16));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    expect(Buffer.from(randomId(12), 'base64url')).toHaveLength(12);
  });

  it('draws fresh bytes for every id, not a repeat of the pool', () => {
    // 4,096 bytes make 256 ids of 16: ids a pool apart must not repeat.
    const first = Array.from({ length: 256 }, () => randomId(16));
    const second = Array.from({ length: 256 }, () => randomId(16));
    expect(first.filter((id) => second.includes(id))).toEqual([]);
  });
});
