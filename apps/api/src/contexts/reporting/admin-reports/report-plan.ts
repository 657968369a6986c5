import type { GeneratedReportParameters } from '@rtb/db';
import type { AppDeps } from '../../../core/deps';
import type { ExportColumn, ExportRow } from '../../../core/exports';
import type { PlatformSums } from '../reports/service';
import type { AdvertiserDirectory } from './directory';
import type { ReportTexts } from './texts';

/** What a report's builder gets: the period, the words of its language, the advertisers, and where to say how far it is. */
export interface ReportContext {
  deps: AppDeps;
  parameters: GeneratedReportParameters;
  texts: ReportTexts;
  directory: AdvertiserDirectory;
  /** After each chunk: `done` of `total` chunks are written. */
  progress: (done: number, total: number) => Promise<void>;
}

/** A report as the export writer takes it: columns, rows read chunk by chunk, and totals once they are all read. */
export interface ReportPlan<Row extends ExportRow> {
  columns: ExportColumn<Row>[];
  rows: AsyncIterable<Row>;
  /** One row per currency (money), or one row (counts); labelled 'Total' in the first column. */
  totals?: () => Partial<Row>[];
}

/** A report type's builder; the row type is its own (the runner only hands the plan to the export writer). */
// biome-ignore lint/suspicious/noExplicitAny: each builder has a row type of its own
export type ReportBuilder = (context: ReportContext) => ReportPlan<any>;

/** Money sums of rows, per currency: the totals rows of a report (money is never added across currencies). */
export class CurrencyTotals<Key extends string> {
  private byCurrency = new Map<string, { digits: number; sums: Record<Key, number> }>();

  constructor(private readonly keys: readonly Key[]) {}

  add(currency: string, digits: number, row: Record<Key, number>): void {
    let entry = this.byCurrency.get(currency);
    if (!entry) {
      entry = { digits, sums: Object.fromEntries(this.keys.map((key) => [key, 0])) as Record<Key, number> };
      this.byCurrency.set(currency, entry);
    }
    for (const key of this.keys) entry.sums[key] += row[key];
  }

  /** One row per currency, by currency code. */
  rows(): { currency: string; digits: number; sums: Record<Key, number> }[] {
    return [...this.byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, entry]) => ({ currency, ...entry }));
  }
}

/** `part / whole`, or null (an empty cell) when the whole is zero. */
export const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** Names in the report's language order (agencies, advertisers). */
export const collatorOf = (locale: string) =>
  new Intl.Collator(locale, { sensitivity: 'base', numeric: true });

export type { PlatformSums };
