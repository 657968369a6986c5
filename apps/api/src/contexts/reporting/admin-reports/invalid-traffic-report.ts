import { platformAdvertisers, platformInvalidTraffic } from '../reports/service';
import { collatorOf, type ReportContext, type ReportPlan, ratio } from './report-plan';

/** Advertisers read per chunk. */
const ADVERTISERS_PER_CHUNK = 50;

interface InvalidRow {
  [key: string]: unknown;
  agency?: string | null;
  advertiser?: string | null;
  advertiserCode?: string | null;
  domain?: string | null;
  impressions: number;
  invalidImpressions: number;
  invalidImpressionRate: number | null;
  clicks: number;
  invalidClicks: number;
  invalidClickRate: number | null;
}

const rates = (row: Pick<InvalidRow, 'impressions' | 'invalidImpressions' | 'clicks' | 'invalidClicks'>) => ({
  invalidImpressionRate: ratio(row.invalidImpressions, row.impressions + row.invalidImpressions),
  invalidClickRate: ratio(row.invalidClicks, row.clicks + row.invalidClicks),
});

/**
 * Invalid traffic (bots, clicks without an impression, repeated clicks: recorded, never billed)
 * by advertiser and domain over the period, with the valid traffic beside it and the invalid
 * share of each; only where there was some. Chunks of `ADVERTISERS_PER_CHUNK` advertisers.
 */
export function invalidTrafficReport({
  deps,
  parameters,
  texts,
  directory,
  progress,
}: ReportContext): ReportPlan<InvalidRow> {
  const days = { from: parameters.from, to: parameters.to };
  const collator = collatorOf(parameters.locale);
  const sums = { impressions: 0, invalidImpressions: 0, clicks: 0, invalidClicks: 0 };

  async function* rows(): AsyncGenerator<InvalidRow> {
    const ids = await platformAdvertisers(deps, days);
    const chunks = Math.ceil(ids.length / ADVERTISERS_PER_CHUNK);
    await progress(0, chunks);
    for (let chunk = 0; chunk < chunks; chunk++) {
      const batch = ids.slice(chunk * ADVERTISERS_PER_CHUNK, (chunk + 1) * ADVERTISERS_PER_CHUNK);
      await directory.load(batch);
      const found = await platformInvalidTraffic(deps, days, batch);
      const batchRows = found.map((row): InvalidRow => {
        const advertiser = directory.get(row.advertiserId);
        return {
          agency: advertiser.agencyName,
          advertiser: advertiser.name,
          advertiserCode: advertiser.code,
          domain: row.domain || texts.noDomain,
          impressions: row.impressions,
          invalidImpressions: row.invalidImpressions,
          clicks: row.clicks,
          invalidClicks: row.invalidClicks,
          ...rates(row),
        };
      });
      // By agency and advertiser; within one, the most invalid first (the query's order, kept by a stable sort).
      batchRows.sort(
        (a, b) =>
          collator.compare(a.agency ?? '', b.agency ?? '') ||
          collator.compare(a.advertiser ?? '', b.advertiser ?? '') ||
          collator.compare(a.advertiserCode ?? '', b.advertiserCode ?? ''),
      );
      for (const row of batchRows) {
        sums.impressions += row.impressions;
        sums.invalidImpressions += row.invalidImpressions;
        sums.clicks += row.clicks;
        sums.invalidClicks += row.invalidClicks;
        yield row;
      }
      await progress(chunk + 1, chunks);
    }
  }

  return {
    columns: [
      { key: 'agency', header: texts.agency, type: 'text' },
      { key: 'advertiser', header: texts.advertiser, type: 'text' },
      { key: 'advertiserCode', header: texts.advertiserCode, type: 'text' },
      { key: 'domain', header: texts.domain, type: 'text', width: 32 },
      { key: 'impressions', header: texts.impressions, type: 'integer' },
      { key: 'invalidImpressions', header: texts.invalidImpressions, type: 'integer' },
      { key: 'invalidImpressionRate', header: texts.invalidImpressionRate, type: 'percent' },
      { key: 'clicks', header: texts.clicks, type: 'integer' },
      { key: 'invalidClicks', header: texts.invalidClicks, type: 'integer' },
      { key: 'invalidClickRate', header: texts.invalidClickRate, type: 'percent' },
    ],
    rows: rows(),
    totals: () => [{ ...sums, ...rates(sums) }],
  };
}
