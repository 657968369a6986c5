/** A floor above this many currency units per 1,000 impressions is not a price (and keeps micros below 2^53). */
export const MAX_FLOOR = 1_000_000_000;

// JavaScript's shortest round-trip form of a number: '0.03', '1e-7', '2.5e+21'.
const decimal = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;
const nonZeroDigit = /[1-9]/;

/**
 * A non-negative price in micro-units, rounded up, computed on its decimal digits (0.03 is 30000,
 * not the 29999.999999999996 of 0.03 * 1e6). `units` is finite, at least 0 and at most MAX_FLOOR.
 */
export function unitsToMicrosRoundedUp(units: number): number {
  const match = decimal.exec(String(units));
  if (!match) return Math.ceil(units * 1e6); // unreachable for 0 <= units <= MAX_FLOOR
  const fraction = match[2] ?? '';
  const digits = (match[1] ?? '') + fraction;
  const shift = 6 - fraction.length + Number(match[3] ?? 0); // micros = digits * 10^shift
  if (shift >= 0) return Number(digits) * 10 ** shift;
  const keep = digits.length + shift;
  if (keep <= 0) return nonZeroDigit.test(digits) ? 1 : 0;
  const whole = Number(digits.slice(0, keep));
  return nonZeroDigit.test(digits.slice(keep)) ? whole + 1 : whole;
}
