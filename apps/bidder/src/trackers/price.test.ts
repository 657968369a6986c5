import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearingMicrosOf } from './price';

describe('clearing prices', () => {
  it('turn a CPM decimal into micro-units an impression, exactly and rounded down', () => {
    expect(clearingMicrosOf('1.50')).toBe(1_500);
    expect(clearingMicrosOf('0.0019')).toBe(1);
    expect(clearingMicrosOf('0.000999')).toBe(0);
    expect(clearingMicrosOf('2')).toBe(2_000);
    expect(clearingMicrosOf('123456789012.999999')).toBe(123_456_789_012_999);
    // 0.3 is no float here: 0.1 + 0.2 would not be.
    expect(clearingMicrosOf('0.3')).toBe(300);
  });

  it('are null when missing, unsubstituted or not a plain decimal', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the unsubstituted macro
    const unsubstituted = '${AUCTION_PRICE}';
    for (const price of [
      undefined,
      ['1'],
      '',
      unsubstituted,
      '-1',
      '1e3',
      '0x10',
      '1.',
      '.5',
      'NaN',
      '1,5',
      '1234567890123',
    ])
      expect(clearingMicrosOf(price)).toBeNull();
  });

  it('agree with the decimal arithmetic for any price', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }),
        fc.stringMatching(/^\d{0,8}$/),
        (whole, fraction) => {
          const text = fraction ? `${whole}.${fraction}` : `${whole}`;
          const expected = whole * 1000n + (BigInt(fraction || '0') * 1000n) / 10n ** BigInt(fraction.length);
          expect(clearingMicrosOf(text)).toBe(Number(expected));
        },
      ),
    );
  });
});
