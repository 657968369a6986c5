import type { ReportDayDto, ReportDto, ReportMetrics } from '@rtb/shared';
import { makeMe } from '../../account/account-test-utils';

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
  conversionRate: null,
  conversionValueMinor: 0,
  cpaMicros: null,
  roas: null,
};

/** Both campaigns' delivery, all of it on 10 January. */
const delivered: ReportMetrics = {
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
  conversionRate: 1 / 11,
  conversionValueMinor: 6200,
  cpaMicros: 676_750,
  roas: 62_000_000 / 2_707_000,
};
const tenth: ReportDayDto = { day: '2026-01-10', ...delivered };

/** Three days of Demo Shop in Warsaw: delivery on the first, none on the others. */
export function makeReport(overrides: Partial<ReportDto> = {}): ReportDto {
  return {
    currency: 'PLN',
    timeZone: 'Europe/Warsaw',
    from: '2026-01-10',
    to: '2026-01-12',
    totals: delivered,
    days: [tenth, { day: '2026-01-11', ...noDelivery }, { day: '2026-01-12', ...noDelivery }],
    campaigns: [
      {
        campaignId: 3,
        name: 'Winter sale',
        status: 'active',
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
        conversionRate: 1 / 10,
        conversionValueMinor: 5000,
        cpaMicros: 835_667,
        roas: 50_000_000 / 2_507_000,
      },
      {
        campaignId: 4,
        name: 'Quiet teaser',
        status: 'paused',
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
        conversionRate: 0,
        conversionValueMinor: 1200,
        cpaMicros: 200_000,
        roas: 12_000_000 / 200_000,
      },
    ],
    ...overrides,
  };
}

export const emptyReport = (overrides: Partial<ReportDto> = {}) =>
  makeReport({
    totals: noDelivery,
    days: makeReport().days.map((day) => ({ ...day, ...noDelivery })),
    campaigns: [],
    ...overrides,
  });
