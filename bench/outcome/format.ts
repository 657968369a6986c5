import type { FigureRow, Unit } from './section';

const grouped = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Money under $1 (a CPA) to the tenth of a cent, more to the cent. */
const dollars = (units: number) => `$${grouped(units, Math.abs(units) < 1 ? 3 : 2)}`;

export function formatValue(value: number | null, unit: Unit): string {
  if (value === null || !Number.isFinite(value)) return '-';
  switch (unit) {
    case 'count':
      return grouped(value);
    case 'expected count':
      return grouped(value, 1);
    case 'usd':
      return dollars(value / 1e6);
    case 'cpm':
      return `$${grouped(value / 1e3, 2)}`;
    case 'score':
      return value.toFixed(4);
    case 'rate':
      return `${(value * 100).toFixed(2)} %`;
    case 'multiplier':
      return value.toFixed(3);
  }
}

/** The first value over the second, as `0.42x`; '-' without both. */
export function formatRatio({ values: [value, baseline] }: FigureRow): string {
  if (value === null || value === undefined || !baseline || !Number.isFinite(value / baseline)) return '-';
  return `${(value / baseline).toFixed(2)}x`;
}
