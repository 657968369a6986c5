import { describe, expect, it } from 'vitest';
import { convertMicros, fxRate } from './fx';
import { rates } from './test-fixtures';

describe('fxRate', () => {
  it('turns micro-units of one currency into another through the base currency', () => {
    expect(fxRate('PLN', 'PLN', rates, 'PLN')).toBe(100_000_000n);
    expect(fxRate('USD', 'PLN', rates, 'PLN')).toBe(400_000_000n);
    expect(fxRate('PLN', 'USD', rates, 'PLN')).toBe(25_000_000n);
    expect(fxRate('EUR', 'USD', rates, 'PLN')).toBe(106_250_000n);
    // 4 / 4.25 = 0.941176470588..., to the nearest 1e-8.
    expect(fxRate('USD', 'EUR', rates, 'PLN')).toBe(94_117_647n);
  });

  it('is null when a currency has no rate', () => {
    expect(fxRate('GBP', 'PLN', rates, 'PLN')).toBeNull();
    expect(fxRate('USD', 'GBP', rates, 'PLN')).toBeNull();
    expect(fxRate('USD', 'EUR', new Map([['USD', 0n]]), 'EUR')).toBeNull();
  });

  it('takes the base currency at 1e8 whatever the table says', () => {
    expect(fxRate('PLN', 'USD', new Map([...rates, ['PLN', 5n]]), 'PLN')).toBe(25_000_000n);
  });
});

describe('convertMicros', () => {
  it('rounds down or up as asked', () => {
    expect(convertMicros(1000, 94_117_647n, 'down')).toBe(941);
    expect(convertMicros(1000, 94_117_647n, 'up')).toBe(942);
    expect(convertMicros(1000, 400_000_000n, 'down')).toBe(4000);
    expect(convertMicros(1000, 400_000_000n, 'up')).toBe(4000);
    expect(convertMicros(3, 25_000_000n, 'down')).toBe(0);
    expect(convertMicros(3, 25_000_000n, 'up')).toBe(1);
    expect(convertMicros(-3, 25_000_000n, 'down')).toBe(-1);
    expect(convertMicros(-3, 25_000_000n, 'up')).toBe(0);
  });

  it('is exact for amounts whose product passes 2^53', () => {
    expect(convertMicros(2 ** 53, 300_000_000n, 'down')).toBe(3 * 2 ** 53);
  });
});
