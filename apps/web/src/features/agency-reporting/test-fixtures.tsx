import type { AgencyReportDto, AgencyReportMetrics, AgencyReportRowDto } from '@rtb/shared';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { type Call, makeMe, renderPage } from '../../account/account-test-utils';
import { delivered, noDelivery as reportNoDelivery } from '../reports/test-fixtures';

export const agencyAdmin = makeMe('agency');
/** May read reports and nothing else: no advertiser filter, no way to add one. */
export const reportsOnly = makeMe('agency', { localRole: 'viewer', permissions: ['reports:read'] });

/** The advertiser's report's figures with the commission the agency earned on them. */
export const noDelivery: AgencyReportMetrics = { ...reportNoDelivery, commissionMicros: 0 };

/** Demo Shop (PLN, 10% commission) delivered well: the advertiser's report's delivery. */
export const demoShop: AgencyReportMetrics = { ...delivered, commissionMicros: 270_700 };

/** Berlin Boutique (EUR, 15% commission): shown but never clicked, so no CPC. */
export const boutique: AgencyReportMetrics = {
  ...noDelivery,
  bids: 900,
  wins: 520,
  winRate: 520 / 900,
  impressions: 500,
  ctr: 0,
  spendMicros: 1_000_000,
  cpmMicros: 2_000_000,
  commissionMicros: 150_000,
  roas: 0,
};

export const advertiserRow = (
  advertiserId: number,
  advertiserName: string,
  currency: string,
  metrics: AgencyReportMetrics,
  overrides: Partial<AgencyReportRowDto> = {},
): AgencyReportRowDto => ({
  ...metrics,
  period: null,
  advertiserId,
  advertiserName,
  currency,
  campaignId: null,
  campaignName: null,
  campaignStatus: null,
  ...overrides,
});

/** A currency's chart: its figures at each day of the report's week. */
export const chartOf = (currency: string, metrics: AgencyReportMetrics, days = 7) => ({
  currency,
  chart: Array.from({ length: days }, (_, i) => ({
    ...reportNoDelivery,
    ...(i === 2 ? (({ commissionMicros: _c, ...m }) => m)(metrics) : {}),
    period: `2026-01-${String(10 + i).padStart(2, '0')}`,
  })),
  previous: null,
});

/** Two advertisers in two currencies, the first of two pages. */
export function makeAgencyReport(overrides: Partial<AgencyReportDto> = {}): AgencyReportDto {
  return {
    from: '2026-01-10',
    to: '2026-01-16',
    time: 'none',
    by: 'advertiser',
    totals: [
      { currency: 'EUR', ...boutique },
      { currency: 'PLN', ...demoShop },
    ],
    charts: [chartOf('EUR', boutique), chartOf('PLN', demoShop)],
    previous: null,
    rows: {
      elements: [
        advertiserRow(7, 'Demo Shop', 'PLN', demoShop),
        advertiserRow(8, 'Berlin Boutique', 'EUR', boutique),
      ],
      meta: { page: 1, perPage: 25, total: 27, lastPage: 2 },
    },
    delivered: true,
    ...overrides,
  };
}

export const nothingDelivered = () =>
  makeAgencyReport({
    totals: [{ currency: 'PLN', ...noDelivery }],
    rows: {
      elements: [advertiserRow(7, 'Demo Shop', 'PLN', noDelivery)],
      meta: { page: 1, perPage: 25, total: 1, lastPage: 1 },
    },
    delivered: false,
  });

/** Demo Shop's campaigns as the report by campaign lists them (the campaign filter's choices). */
export const demoShopCampaigns = makeAgencyReport({
  by: 'campaign',
  totals: [{ currency: 'PLN', ...demoShop }],
  rows: {
    elements: [
      advertiserRow(7, 'Demo Shop', 'PLN', demoShop, {
        campaignId: 4,
        campaignName: 'Quiet teaser',
        campaignStatus: 'paused',
      }),
      advertiserRow(7, 'Demo Shop', 'PLN', noDelivery, {
        campaignId: 3,
        campaignName: 'Winter sale',
        campaignStatus: 'active',
      }),
    ],
    meta: { page: 1, perPage: 500, total: 2, lastPage: 1 },
  },
});

export const advertisersAnswer = (elements: { id: number; name: string }[]) =>
  [
    200,
    {
      data: {
        advertisers: {
          elements,
          meta: { page: 1, perPage: 25, total: elements.length, lastPage: 1 },
        },
      },
    },
  ] as const;

export const reportAnswer = (report: AgencyReportDto) =>
  [200, { data: { advertiserCampaignStats: report } }] as const;

export const REPORT = '/agency/advertiser-campaign-stats';
/** The report's own requests (not the campaign filter's). */
export const reportCalls = (calls: Call[]) =>
  calls.filter((call) => call.path === REPORT && call.query.get('perPage') === null);
/** The campaign filter's requests. */
export const choiceCalls = (calls: Call[]) =>
  calls.filter((call) => call.path === REPORT && call.query.get('perPage') !== null);

/** The address's query string, to check what a change wrote there. */
function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}
export const addressQuery = (element: HTMLElement) => new URLSearchParams(element.textContent ?? '');

export const reportingPath = '/panel/agency/reporting';

/** The page at `path` (its query included), with the address shown beside it. */
export const renderReporting = (page: ReactElement, path = reportingPath, profile = agencyAdmin) =>
  renderPage(
    <>
      {page}
      <Search />
    </>,
    { path, route: reportingPath, profile },
  );
