import { TOP_DOMAINS_LIMIT } from '@rtb/shared';
import { metricsOf, noDelivery, platformAdvertisers, platformTopDomains } from '../reports/service';
import { type ReportContext, type ReportPlan, ratio } from './report-plan';

interface DomainRow {
  [key: string]: unknown;
  currency: string;
  digits: number;
  domain: string;
  advertisers: number;
  impressions: number;
  clicks: number;
  ctr: number | null;
  invalidImpressions: number;
  spendMicros: number;
  cpmMicros: number | null;
}

/**
 * The domains with the most valid impressions in the period, per currency (their advertisers'
 * money stays apart): advertisers there, impressions, clicks, CTR, invalid impressions, spend and
 * CPM. One chunk per currency, at most `TOP_DOMAINS_LIMIT` domains each.
 */
export function topDomainsReport({
  deps,
  parameters,
  texts,
  directory,
  progress,
}: ReportContext): ReportPlan<DomainRow> {
  const days = { from: parameters.from, to: parameters.to };
  const money = (key: 'spendMicros' | 'cpmMicros', header: string) =>
    ({ key, header, type: 'money', unit: 'micros', digits: (row: DomainRow) => row.digits }) as const;

  async function* rows(): AsyncGenerator<DomainRow> {
    const ids = await platformAdvertisers(deps, days);
    await directory.load(ids);
    const byCurrency = new Map<string, { digits: number; ids: number[] }>();
    for (const id of ids) {
      const advertiser = directory.get(id);
      const group = byCurrency.get(advertiser.currency) ?? { digits: advertiser.digits, ids: [] };
      group.ids.push(id);
      byCurrency.set(advertiser.currency, group);
    }
    const currencies = [...byCurrency.keys()].sort();
    await progress(0, currencies.length);
    for (const [i, currency] of currencies.entries()) {
      const group = byCurrency.get(currency);
      if (!group) continue;
      for (const row of await platformTopDomains(deps, days, group.ids, TOP_DOMAINS_LIMIT)) {
        const metrics = metricsOf({ ...noDelivery, ...row }, group.digits);
        yield {
          currency,
          digits: group.digits,
          domain: row.domain || texts.noDomain,
          advertisers: row.advertisers,
          impressions: row.impressions,
          clicks: row.clicks,
          ctr: ratio(row.clicks, row.impressions),
          invalidImpressions: row.invalidImpressions,
          spendMicros: row.spendMicros,
          cpmMicros: metrics.cpmMicros,
        };
      }
      await progress(i + 1, currencies.length);
    }
  }

  return {
    columns: [
      { key: 'currency', header: texts.currency, type: 'text', width: 10 },
      { key: 'domain', header: texts.domain, type: 'text', width: 32 },
      { key: 'advertisers', header: texts.advertisers, type: 'integer' },
      { key: 'impressions', header: texts.impressions, type: 'integer' },
      { key: 'clicks', header: texts.clicks, type: 'integer' },
      { key: 'ctr', header: texts.ctr, type: 'percent' },
      { key: 'invalidImpressions', header: texts.invalidImpressions, type: 'integer' },
      money('spendMicros', texts.spend),
      money('cpmMicros', texts.cpm),
    ],
    rows: rows(),
  };
}
