import { DECIMAL_VALUE_PATTERN } from '@rtb/shared';

/** Above this many minor units (10 billion units of a 2-decimal currency) a value is a mistake or an attack. */
const MAX_VALUE_MINOR = 1_000_000_000_000;

/** The advertiser a conversion is counted for: its currency and that currency's decimals. */
export interface ConversionAdvertiser {
  currency: string;
  minorUnits: number;
}

/** A decimal value in minor units of a currency with `minorUnits` decimals (rounded down); null when not one. */
function valueMinorOf(value: string, minorUnits: number): number | null {
  const match = DECIMAL_VALUE_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const minor =
    BigInt(whole) * 10n ** BigInt(minorUnits) +
    BigInt(fraction.slice(0, minorUnits).padEnd(minorUnits, '0') || '0');
  return minor <= BigInt(MAX_VALUE_MINOR) ? Number(minor) : null;
}

/**
 * The rules of a conversion's value, the same for the conversion pixel and the tag's
 * transactions: a currency, when given, must be the advertiser's (values are never converted);
 * the value is a plain decimal, kept in the advertiser's minor units (no value: null).
 */
export function conversionValue(
  advertiser: ConversionAdvertiser,
  value: string | undefined,
  currency: string | undefined,
): { valueMinor: number | null } | { refused: 'bad_value' | 'currency_mismatch' } {
  if (currency !== undefined && currency.trim().toUpperCase() !== advertiser.currency)
    return { refused: 'currency_mismatch' };
  if (value === undefined || value === '') return { valueMinor: null };
  const valueMinor = valueMinorOf(value, advertiser.minorUnits);
  return valueMinor === null ? { refused: 'bad_value' } : { valueMinor };
}
