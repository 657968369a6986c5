/**
 * One export measurement, in a process of its own so that its peak memory is its own:
 *
 *   node --import tsx bench/reports/export.ts <iterate|csv|xlsx> <rows> <file>
 *
 * Builds `rows` rows of an advertiser's report by day and campaign (every figure, PLN) in memory
 * first, as `reportExport` holds its rows, then times one pass over them: `iterate` reads each
 * column of each row (the baseline), `csv` and `xlsx` write them with `writeExport` into `file`,
 * with the totals row. Prints one JSON line: seconds, bytes, peak RSS and heap (sampled every
 * 20 ms) and the RSS and heap before the pass.
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { type ReportRowDto, reportMetricKeys } from '@rtb/shared';
import { exportLabels } from '../../apps/api/src/contexts/reporting/reports/export-labels';
import { metricsOf } from '../../apps/api/src/contexts/reporting/reports/metrics';
import {
  metricColumns,
  periodColumn,
} from '../../apps/api/src/contexts/reporting/reports/report-export-columns';
import { type ExportColumn, writeExport } from '../../apps/api/src/core/exports';

type Row = ReportRowDto & { label: string | null };
export type ExportMode = 'iterate' | 'csv' | 'xlsx';
export interface ExportResult {
  seconds: number;
  bytes: number;
  peakRssMb: number;
  peakHeapMb: number;
  rssBeforeMb: number;
  heapBeforeMb: number;
}

const labels = exportLabels.en;
const columns: ExportColumn<Row>[] = [
  periodColumn<Row>('day', labels),
  { key: 'label', header: labels.campaign, type: 'text' },
  ...metricColumns<Row>(reportMetricKeys, labels, { currency: 'PLN', digits: 2 }),
];

/** The sums of row `i`: a campaign's day, of the bench's rollups' order of magnitude. */
function sumsOf(i: number) {
  const impressions = 1_000 + ((i * 7919) % 20_000);
  return {
    bids: impressions * 4,
    wins: Math.round(impressions * 1.2),
    impressions,
    clicks: Math.floor((impressions * (1 + (i % 7))) / 200),
    spendMicros: impressions * 2_600 + (i % 1_000),
    clickConversions: i % 5,
    viewConversions: i % 3,
    conversionValueMinor: (i % 5) * 15_000,
    postbackConversions: i % 5,
    tagConversions: i % 3,
    pixelConversions: 0,
    predictedClicksMicro: impressions * 2_500 + (i % 1_000),
    predictedConversionsMicro: impressions * 25 + (i % 100),
    shadedClearingMicros: impressions * 1_800,
    unshadedMicros: impressions * 2_000 + (i % 1_000),
  };
}

/** Row `i` as `reportRows` gives it, with the campaign's name as its label. */
function rowOf(i: number): Row {
  const day = new Date(Date.UTC(2026, 0, 1) + (i % 366) * 86_400_000).toISOString().slice(0, 10);
  const campaign = 1 + Math.floor(i / 366);
  return {
    period: day,
    key: String(campaign),
    name: `Campaign ${campaign}`,
    label: `Campaign ${campaign}`,
    campaignStatus: 'active',
    ...metricsOf(sumsOf(i), 2),
  };
}

async function run(mode: ExportMode, rows: Row[], file: string): Promise<number> {
  if (mode === 'iterate') {
    let cells = 0;
    for (const row of rows) for (const column of columns) if (row[column.key] != null) cells += 1;
    if (cells < rows.length) throw new Error('rows without cells');
    return 0;
  }
  await writeExport(createWriteStream(file), {
    format: mode,
    style: 'locale',
    locale: 'en',
    timeZone: 'Europe/Warsaw',
    columns,
    rows,
    totals: { label: labels.total, ...metricsOf(sumsOf(0), 2) },
  });
  return (await stat(file)).size;
}

async function main(): Promise<void> {
  const [mode, count, file] = process.argv.slice(2);
  if ((mode !== 'iterate' && mode !== 'csv' && mode !== 'xlsx') || !count || !file)
    throw new Error('usage: export.ts <iterate|csv|xlsx> <rows> <file>');
  const rows = Array.from({ length: Number(count) }, (_, i) => rowOf(i));
  const mb = (bytes: number) => bytes / 2 ** 20;
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  const bytes = await run(mode, rows, file);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  sample();
  const result: ExportResult = {
    seconds,
    bytes,
    peakRssMb: mb(peakRss),
    peakHeapMb: mb(peakHeap),
    rssBeforeMb: mb(before.rss),
    heapBeforeMb: mb(before.heapUsed),
  };
  console.log(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
