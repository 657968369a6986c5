import { describe, expect, it } from 'vitest';
import { keepRecent } from './recent-values';

describe('keepRecent', () => {
  it('computes each value once while kept, null answers too, and forgets the oldest past its size', () => {
    const asked: string[] = [];
    const lengthOf = keepRecent((key: string) => {
      asked.push(key);
      return key === 'none' ? null : key.length;
    }, 2);
    expect([lengthOf('ab'), lengthOf('none'), lengthOf('ab'), lengthOf('none')]).toEqual([2, null, 2, null]);
    expect(asked).toEqual(['ab', 'none']);
    expect(lengthOf('abc')).toBe(3); // 'ab', the oldest, goes
    expect([lengthOf('none'), lengthOf('ab')]).toEqual([null, 2]);
    expect(asked).toEqual(['ab', 'none', 'abc', 'ab']);
  });
});
