import type { TrafficStats } from './stats';

const money = (spend: Record<string, number>) =>
  Object.entries(spend)
    .map(([currency, amount]) => `${amount.toFixed(4)} ${currency}`)
    .join(', ') || '0';

const counts = (map: Record<string, number>) =>
  Object.entries(map)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');

/** The one-line live view. */
export function statsLine(s: TrafficStats): string {
  const errors = Object.values(s.errors).reduce((sum, n) => sum + n, 0);
  return [
    `${s.elapsedSeconds.toFixed(0)}s`,
    `${s.requestsPerSecond} req/s`,
    `bids ${s.bids} (${(s.bidRate * 100).toFixed(1)}%)`,
    `wins ${s.wins}`,
    `imps ${s.impressions}`,
    `clicks ${s.clicks}`,
    `conv ${s.conversions}`,
    `spend ${money(s.spend)}`,
    `errors ${errors}${errors ? ` (${counts(s.errors)})` : ''}`,
    `p50 ${s.latencyMs.p50.toFixed(1)} ms p99 ${s.latencyMs.p99.toFixed(1)} ms`,
  ].join(' | ');
}

/** The end-of-run report. */
export function summary(s: TrafficStats): string {
  const rows: [string, string][] = [
    ['duration', `${s.elapsedSeconds.toFixed(1)} s`],
    ['requests', `${s.requests} (${(s.requests / Math.max(s.elapsedSeconds, 0.001)).toFixed(1)}/s)`],
    ['skipped (busy)', String(s.skipped)],
    ['bids', `${s.bids} (bid rate ${(s.bidRate * 100).toFixed(1)}%)`],
    ['no bids', `${s.noBids}${s.noBids ? ` (${counts(s.noBidReasons)})` : ''}`],
    ['wins / losses', `${s.wins} / ${s.losses}`],
    ['impressions', String(s.impressions)],
    [
      'clicks',
      `${s.clicks}${s.impressions ? ` (CTR ${((s.clicks / s.impressions) * 100).toFixed(2)}%)` : ''}`,
    ],
    ['conversions', String(s.conversions)],
    ['spend', money(s.spend)],
    ['latency', `p50 ${s.latencyMs.p50.toFixed(1)} ms, p99 ${s.latencyMs.p99.toFixed(1)} ms`],
    ['errors', counts(s.errors) || 'none'],
  ];
  return rows.map(([label, value]) => `  ${label.padEnd(16)} ${value}`).join('\n');
}
