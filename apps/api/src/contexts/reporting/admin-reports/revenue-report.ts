import { daysOfRange } from '@rtb/shared';
import { platformDayByAdvertiser } from '../reports/service';
import { CurrencyTotals, collatorOf, type ReportContext, type ReportPlan } from './report-plan';

const moneyKeys = ['spendMicros', 'clearingMicros', 'marginMicros', 'commissionMicros'] as const;
const countKeys = ['impressions', 'clicks'] as const;

interface RevenueRow {
  [key: string]: unknown;
  day?: string;
  agency: string | null;
  advertiser: string | null;
  advertiserCode: string | null;
  currency: string;
  digits: number;
  impressions: number;
  clicks: number;
  spendMicros: number;
  clearingMicros: number;
  marginMicros: number;
  commissionMicros: number;
}

/**
 * Platform revenue by UTC day, agency and advertiser: what advertisers were charged (gross), the
 * media cost paid to exchanges, the platform's margin and the agency's commission, each in the
 * advertiser's currency; one chunk per day; totals per currency.
 */
export function revenueReport({
  deps,
  parameters,
  texts,
  directory,
  progress,
}: ReportContext): ReportPlan<RevenueRow> {
  const totals = new CurrencyTotals([...countKeys, ...moneyKeys]);
  const collator = collatorOf(parameters.locale);
  const money = (key: (typeof moneyKeys)[number], header: string) =>
    ({ key, header, type: 'money', unit: 'micros', digits: (row: RevenueRow) => row.digits }) as const;

  async function* rows(): AsyncGenerator<RevenueRow> {
    const days = daysOfRange(parameters.from, parameters.to);
    for (const [i, day] of days.entries()) {
      const sums = await platformDayByAdvertiser(deps, day);
      await directory.load(sums.map((row) => row.advertiserId));
      const dayRows = sums.map((row): RevenueRow => {
        const advertiser = directory.get(row.advertiserId);
        return {
          day,
          agency: advertiser.agencyName,
          advertiser: advertiser.name,
          advertiserCode: advertiser.code,
          currency: advertiser.currency,
          digits: advertiser.digits,
          impressions: row.impressions,
          clicks: row.clicks,
          spendMicros: row.spendMicros,
          clearingMicros: row.clearingMicros,
          marginMicros: row.marginMicros,
          commissionMicros: row.commissionMicros,
        };
      });
      // Direct advertisers first, then each agency's, by name.
      dayRows.sort(
        (a, b) =>
          collator.compare(a.agency ?? '', b.agency ?? '') ||
          collator.compare(a.advertiser ?? '', b.advertiser ?? '') ||
          collator.compare(a.advertiserCode ?? '', b.advertiserCode ?? ''),
      );
      for (const row of dayRows) {
        totals.add(row.currency, row.digits, row);
        yield row;
      }
      await progress(i + 1, days.length);
    }
  }

  return {
    columns: [
      { key: 'day', header: texts.day, type: 'date' },
      { key: 'agency', header: texts.agency, type: 'text' },
      { key: 'advertiser', header: texts.advertiser, type: 'text' },
      { key: 'advertiserCode', header: texts.advertiserCode, type: 'text' },
      { key: 'currency', header: texts.currency, type: 'text', width: 10 },
      { key: 'impressions', header: texts.impressions, type: 'integer' },
      { key: 'clicks', header: texts.clicks, type: 'integer' },
      money('spendMicros', texts.spend),
      money('clearingMicros', texts.mediaCost),
      money('marginMicros', texts.margin),
      money('commissionMicros', texts.commission),
    ],
    rows: rows(),
    totals: () =>
      totals.rows().map(({ currency, digits, sums }) => ({
        agency: null,
        advertiser: null,
        advertiserCode: null,
        currency,
        digits,
        ...sums,
      })),
  };
}
