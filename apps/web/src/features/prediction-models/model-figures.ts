import { formatNumber } from '../../lib/format';

const NONE = '—';

/** A predicted probability or an actual rate: click rates sit near 0, so 3 significant digits (0.12%, 0.0045%). */
export const formatRate = (value: number) =>
  formatNumber(value, { style: 'percent', maximumSignificantDigits: 3 });

/** Log loss to 4 decimals (differences between versions are small); a dash without an example. */
export const formatLogLoss = (value: number | null) =>
  value === null ? NONE : formatNumber(value, { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/** AUC to 3 decimals; a dash without both a positive and a negative. */
export const formatAuc = (value: number | null) =>
  value === null ? NONE : formatNumber(value, { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** Mean prediction over the actual rate (1 is calibrated); a dash without a positive. */
export const formatRatio = (value: number | null) =>
  value === null ? NONE : formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
