import { daysOfRange } from '@rtb/shared';
import { platformDayByAdvertiser } from '../reports/service';
import { CurrencyTotals, type ReportContext, type ReportPlan } from './report-plan';

const sumKeys = [
  'advertisers',
  'impressions',
  'clicks',
  'spendMicros',
  'clearingMicros',
  'marginMicros',
  'commissionMicros',
] as const;
type SumKey = (typeof sumKeys)[number];

interface CurrencyRow extends Record<SumKey, number> {
  [key: string]: unknown;
  day?: string;
  currency: string;
  digits: number;
}

/**
 * Spend by UTC day and currency: charged, media cost, margin and commission of every advertiser
 * keeping its money in that currency; one chunk per day; totals per currency (advertisers
 * there count advertiser-days).
 */
export function spendByCurrencyReport({
  deps,
  parameters,
  texts,
  directory,
  progress,
}: ReportContext): ReportPlan<CurrencyRow> {
  const totals = new CurrencyTotals(sumKeys);
  const money = (key: SumKey, header: string) =>
    ({ key, header, type: 'money', unit: 'micros', digits: (row: CurrencyRow) => row.digits }) as const;

  async function* rows(): AsyncGenerator<CurrencyRow> {
    const days = daysOfRange(parameters.from, parameters.to);
    for (const [i, day] of days.entries()) {
      const sums = await platformDayByAdvertiser(deps, day);
      await directory.load(sums.map((row) => row.advertiserId));
      const byCurrency = new Map<string, CurrencyRow>();
      for (const row of sums) {
        const advertiser = directory.get(row.advertiserId);
        let entry = byCurrency.get(advertiser.currency);
        if (!entry) {
          entry = {
            day,
            currency: advertiser.currency,
            digits: advertiser.digits,
            ...(Object.fromEntries(sumKeys.map((key) => [key, 0])) as Record<SumKey, number>),
          };
          byCurrency.set(advertiser.currency, entry);
        }
        entry.advertisers += 1;
        entry.impressions += row.impressions;
        entry.clicks += row.clicks;
        entry.spendMicros += row.spendMicros;
        entry.clearingMicros += row.clearingMicros;
        entry.marginMicros += row.marginMicros;
        entry.commissionMicros += row.commissionMicros;
      }
      for (const row of [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency))) {
        totals.add(row.currency, row.digits, row);
        yield row;
      }
      await progress(i + 1, days.length);
    }
  }

  return {
    columns: [
      { key: 'day', header: texts.day, type: 'date' },
      { key: 'currency', header: texts.currency, type: 'text', width: 10 },
      { key: 'advertisers', header: texts.advertisers, type: 'integer' },
      { key: 'impressions', header: texts.impressions, type: 'integer' },
      { key: 'clicks', header: texts.clicks, type: 'integer' },
      money('spendMicros', texts.spend),
      money('clearingMicros', texts.mediaCost),
      money('marginMicros', texts.margin),
      money('commissionMicros', texts.commission),
    ],
    rows: rows(),
    totals: () => totals.rows().map(({ currency, digits, sums }) => ({ currency, digits, ...sums })),
  };
}
