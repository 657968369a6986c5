/** Micro-units in a unit of currency: spend, prices and costs travel in them. */
const MICROS_PER_UNIT_DIGITS = 6;

/**
 * An amount of micro-units in minor units of a currency with `minorUnits` digits (2: cents),
 * rounded half away from zero, in BigInt (exact whatever the amount).
 */
export function minorOfMicros(micros: bigint, minorUnits: number): bigint {
  if (!Number.isInteger(minorUnits) || minorUnits < 0 || minorUnits > MICROS_PER_UNIT_DIGITS)
    throw new RangeError(`currency minor units must be 0-6, got ${minorUnits}`);
  const per = 10n ** BigInt(MICROS_PER_UNIT_DIGITS - minorUnits);
  const magnitude = micros < 0n ? -micros : micros;
  const rounded = (2n * magnitude + per) / (2n * per);
  return micros < 0n ? -rounded : rounded;
}
