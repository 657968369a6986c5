import type { OutcomeSummary } from './outcome-tally';

const columns = ['campaign', 'impressions', 'clicks', 'orders', 'caused by ads', 'spend PLN', 'revenue PLN'];

/** The outcome scenario's report: per campaign what happened, and in brackets what the true model expected. */
export function formatOutcomes({ campaigns, withoutAds }: OutcomeSummary): string {
  const rows = campaigns.map((c) => [
    c.campaignId || '(none)',
    String(c.impressions),
    `${c.clicks} (${c.expected.clicks.toFixed(1)})`,
    `${c.orders} (${c.expected.orders.toFixed(1)})`,
    `(${c.expected.incrementalOrders.toFixed(1)})`,
    c.spendPln.toFixed(2),
    `${c.revenuePln.toFixed(2)} (${c.expected.revenuePln.toFixed(2)})`,
  ]);
  const widths = columns.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')}`;
  const lines = [
    'Outcomes per campaign (in brackets: what the true model expected)',
    line(columns),
    ...(rows.length ? rows.map(line) : ['  no impressions']),
  ];
  if (withoutAds.opportunities > 0)
    lines.push(
      `Without our ads: ${withoutAds.opportunities} opportunities, ${withoutAds.orders} orders (${withoutAds.expectedOrders.toFixed(1)})`,
    );
  return lines.join('\n');
}
