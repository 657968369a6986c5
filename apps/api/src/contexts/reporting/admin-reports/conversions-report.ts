import { daysOfRange } from '@rtb/shared';
import { metricsOf, noDelivery, platformDayByAdvertiser } from '../reports/service';
import { CurrencyTotals, collatorOf, type ReportContext, type ReportPlan } from './report-plan';

const sumKeys = [
  'clicks',
  'clickConversions',
  'viewConversions',
  'conversions',
  'conversionValueMinor',
  'spendMicros',
] as const;

interface ConversionRow {
  [key: string]: unknown;
  day?: string;
  agency?: string | null;
  advertiser?: string | null;
  currency: string;
  digits: number;
  clicks: number;
  clickConversions: number;
  viewConversions: number;
  conversions: number;
  conversionRate: number | null;
  conversionValueMinor: number;
  spendMicros: number;
  cpaMicros: number | null;
  roas: number | null;
}

/** The figures of some sums, by the advertiser report's formulas (`metricsOf`: null where a divisor is zero). */
function conversionFigures(
  sums: Pick<
    ConversionRow,
    'clicks' | 'clickConversions' | 'viewConversions' | 'conversionValueMinor' | 'spendMicros'
  >,
  digits: number,
) {
  const metrics = metricsOf({ ...noDelivery, ...sums }, digits);
  return {
    conversions: metrics.conversions,
    conversionRate: metrics.conversionRate,
    cpaMicros: metrics.cpaMicros,
    roas: metrics.roas,
  };
}

/**
 * Conversions by UTC day and advertiser: post-click and post-view apart, conversion rate, value,
 * spend, CPA and ROAS in the advertiser's currency; one chunk per day; totals per currency.
 */
export function conversionsReport({
  deps,
  parameters,
  texts,
  directory,
  progress,
}: ReportContext): ReportPlan<ConversionRow> {
  const totals = new CurrencyTotals(sumKeys);
  const collator = collatorOf(parameters.locale);
  const money = (key: 'spendMicros' | 'cpaMicros', header: string) =>
    ({ key, header, type: 'money', unit: 'micros', digits: (row: ConversionRow) => row.digits }) as const;

  async function* rows(): AsyncGenerator<ConversionRow> {
    const days = daysOfRange(parameters.from, parameters.to);
    for (const [i, day] of days.entries()) {
      const sums = await platformDayByAdvertiser(deps, day);
      await directory.load(sums.map((row) => row.advertiserId));
      const dayRows = sums
        .filter((row) => row.clicks > 0 || row.clickConversions > 0 || row.viewConversions > 0)
        .map((row): ConversionRow => {
          const advertiser = directory.get(row.advertiserId);
          return {
            day,
            agency: advertiser.agencyName,
            advertiser: advertiser.name,
            currency: advertiser.currency,
            digits: advertiser.digits,
            clicks: row.clicks,
            clickConversions: row.clickConversions,
            viewConversions: row.viewConversions,
            conversionValueMinor: row.conversionValueMinor,
            spendMicros: row.spendMicros,
            ...conversionFigures(row, advertiser.digits),
          };
        })
        .sort(
          (a, b) =>
            collator.compare(a.agency ?? '', b.agency ?? '') ||
            collator.compare(a.advertiser ?? '', b.advertiser ?? ''),
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
      { key: 'currency', header: texts.currency, type: 'text', width: 10 },
      { key: 'clicks', header: texts.clicks, type: 'integer' },
      { key: 'clickConversions', header: texts.clickConversions, type: 'integer' },
      { key: 'viewConversions', header: texts.viewConversions, type: 'integer' },
      { key: 'conversions', header: texts.conversions, type: 'integer' },
      { key: 'conversionRate', header: texts.conversionRate, type: 'percent' },
      {
        key: 'conversionValueMinor',
        header: texts.conversionValue,
        type: 'money',
        unit: 'minor',
        digits: (row) => row.digits,
      },
      money('spendMicros', texts.spend),
      money('cpaMicros', texts.cpa),
      { key: 'roas', header: texts.roas, type: 'percent' },
    ],
    rows: rows(),
    totals: () =>
      totals.rows().map(({ currency, digits, sums }) => ({
        currency,
        digits,
        ...sums,
        ...conversionFigures(sums, digits),
      })),
  };
}
