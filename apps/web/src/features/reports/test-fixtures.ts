import type { ReportDto, ReportMetrics, ReportPointDto, ReportRowDto } from '@rtb/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { type Call, makeMe } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { stubResizeObserver } from '../payments/test-fixtures';

export const writer = makeMe('advertiser');
/** May read reports but not campaigns: no campaign filter. */
export const reportsOnly = makeMe('advertiser', { localRole: 'viewer', permissions: ['reports:read'] });

export const noDelivery: ReportMetrics = {
  bids: 0,
  wins: 0,
  winRate: null,
  impressions: 0,
  clicks: 0,
  ctr: null,
  spendMicros: 0,
  cpmMicros: null,
  cpcMicros: null,
  clickConversions: 0,
  viewConversions: 0,
  conversions: 0,
  postbackConversions: 0,
  tagConversions: 0,
  pixelConversions: 0,
  conversionRate: null,
  conversionValueMinor: 0,
  cpaMicros: null,
  roas: null,
  predictedClicks: null,
  predictedConversions: null,
  shadingSavingMicros: 0,
  shadingSavingRate: null,
};

/** Both campaigns' delivery, all of it on 10 January. */
export const delivered: ReportMetrics = {
  bids: 5000,
  wins: 1100,
  winRate: 1100 / 5000,
  impressions: 1093,
  clicks: 11,
  ctr: 11 / 1093,
  spendMicros: 2_707_000,
  cpmMicros: 2_476_670,
  cpcMicros: 246_091,
  clickConversions: 1,
  viewConversions: 3,
  conversions: 4,
  postbackConversions: 2,
  tagConversions: 1,
  pixelConversions: 1,
  conversionRate: 1 / 11,
  conversionValueMinor: 6200,
  cpaMicros: 676_750,
  roas: 62_000_000 / 2_707_000,
  predictedClicks: 9.504,
  predictedConversions: 0.83,
  shadingSavingMicros: 180_000,
  shadingSavingRate: 0.1,
};

/** The week before: fewer impressions and clicks, no conversions (so no CPA or ROAS), no bids recorded. */
export const earlier: ReportMetrics = {
  ...noDelivery,
  impressions: 1000,
  clicks: 10,
  ctr: 0.01,
  spendMicros: 2_000_000,
  cpmMicros: 2_000_000,
  cpcMicros: 200_000,
  conversionRate: 0,
};

export const winterSale: ReportRowDto = {
  period: null,
  key: '3',
  name: 'Winter sale',
  campaignStatus: 'active',
  bids: 5000,
  wins: 1100,
  winRate: 1100 / 5000,
  impressions: 1003,
  clicks: 10,
  ctr: 10 / 1003,
  spendMicros: 2_507_000,
  cpmMicros: 2_499_501,
  cpcMicros: 250_700,
  clickConversions: 1,
  viewConversions: 2,
  conversions: 3,
  postbackConversions: 2,
  tagConversions: 1,
  pixelConversions: 0,
  conversionRate: 1 / 10,
  conversionValueMinor: 5000,
  cpaMicros: 835_667,
  roas: 50_000_000 / 2_507_000,
  predictedClicks: 9.504,
  predictedConversions: 0.83,
  shadingSavingMicros: 180_000,
  shadingSavingRate: 0.1,
};

export const quietTeaser: ReportRowDto = {
  period: null,
  key: '4',
  name: 'Quiet teaser',
  campaignStatus: 'paused',
  bids: 0,
  wins: 0,
  winRate: null,
  impressions: 90,
  clicks: 1,
  ctr: 1 / 90,
  spendMicros: 200_000,
  cpmMicros: 2_222_222,
  cpcMicros: 200_000,
  clickConversions: 0,
  viewConversions: 1,
  conversions: 1,
  postbackConversions: 0,
  tagConversions: 0,
  pixelConversions: 1,
  conversionRate: 0,
  conversionValueMinor: 1200,
  cpaMicros: 200_000,
  roas: 12_000_000 / 200_000,
  // Its impressions came before any model: no prediction, and none was shaded.
  predictedClicks: null,
  predictedConversions: null,
  shadingSavingMicros: 0,
  shadingSavingRate: null,
};

const days = ['2026-01-10', '2026-01-11', '2026-01-12'];
const chartOf = (first: ReportMetrics, periods = days): ReportPointDto[] =>
  periods.map((period, index) => ({ period, ...(index === 0 ? first : noDelivery) }));

/** A page of rows: `elements` on page `page` of `total` rows, `perPage` a page. */
export const pageOf = (elements: ReportRowDto[], meta: Partial<ReportDto['rows']['meta']> = {}) => {
  const perPage = meta.perPage ?? 25;
  const total = meta.total ?? elements.length;
  return {
    elements,
    meta: { page: 1, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)), ...meta },
  };
};

/** Three days of Demo Shop in Warsaw by day: delivery on the first, none on the others. */
export function makeReport(overrides: Partial<ReportDto> = {}): ReportDto {
  return {
    currency: 'PLN',
    timeZone: 'Europe/Warsaw',
    from: '2026-01-10',
    to: '2026-01-12',
    time: 'day',
    by: 'none',
    totals: delivered,
    chart: chartOf(delivered),
    previous: null,
    series: null,
    rows: pageOf(
      chartOf(delivered).map((point) => ({ ...point, key: null, name: null, campaignStatus: null })),
    ),
    delivered: true,
    ...overrides,
  };
}

/** The same days by campaign, over the whole period. */
export const byCampaign = (overrides: Partial<ReportDto> = {}) =>
  makeReport({ time: 'none', by: 'campaign', rows: pageOf([winterSale, quietTeaser]), ...overrides });

/**
 * The same days by campaign with the chart's spend per campaign: Winter sale and Quiet teaser,
 * and the other campaigns together.
 */
export const byCampaignSeries = (overrides: Partial<ReportDto> = {}) =>
  byCampaign({
    time: 'day',
    series: {
      metric: 'spendMicros',
      groups: [
        { key: '3', name: 'Winter sale', values: [2_507_000, 0, 0] },
        { key: '4', name: 'Quiet teaser', values: [150_000, 0, 0] },
      ],
      other: [50_000, 0, 0],
    },
    ...overrides,
  });

/** The same report compared with the three days before. */
export const compared = (overrides: Partial<ReportDto> = {}) =>
  makeReport({
    previous: {
      from: '2026-01-07',
      to: '2026-01-09',
      totals: earlier,
      chart: chartOf(earlier, ['2026-01-07', '2026-01-08', '2026-01-09']),
    },
    ...overrides,
  });

export const emptyReport = (overrides: Partial<ReportDto> = {}) =>
  makeReport({
    totals: noDelivery,
    chart: chartOf(noDelivery),
    rows: pageOf([]),
    delivered: false,
    ...overrides,
  });

/** The API's answer with a report. */
export const answer = (report: ReportDto = makeReport()) => [200, { data: { report } }] as const;
/** The calls for the report at `path` (the advertiser's by default). */
export const reportCalls = (calls: Call[], path = '/advertiser/reports') =>
  calls.filter((call) => call.path === path);
/** The advertiser's campaigns to filter by. */
export const campaignChoices = [
  200,
  {
    data: {
      campaigns: {
        elements: [
          { id: 3, name: 'Winter sale' },
          { id: 4, name: 'Quiet teaser' },
        ],
      },
    },
  },
] as const;

/**
 * The hooks of a report page's tests: no warnings printed, a ResizeObserver for the chart and no
 * stored columns before each; English again after.
 */
export function reportTestHooks() {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubResizeObserver();
    window.localStorage.clear();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
    await i18n.changeLanguage('en');
  });
}

/** A fake tab for an export's download link (its address is where the link sent it). */
export function stubDownloads() {
  const tab = { opener: window as unknown, location: { href: 'about:blank' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  return tab;
}

/** The advertiser's reports page, and its table of rows. */
export const reportsPath = '/panel/advertiser/reports';
export const rowsTable = () => screen.getByRole('table', { name: 'The report’s rows, with the totals' });
/** A report table's column headers, without their sort marks. */
export const headerTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.replace(/[▲▼↕]/g, ''));
/** The row of a report table that a row header names. */
export const rowNamed = (table: HTMLElement, head: string) =>
  within(table).getByRole('rowheader', { name: head }).closest('tr') as HTMLElement;
