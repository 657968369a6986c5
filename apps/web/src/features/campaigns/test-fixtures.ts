import type { BannerDto, CampaignDto, CampaignListItemDto, CampaignSettingsDto, PageMeta } from '@rtb/shared';
import { makeMe } from '../../account/account-test-utils';

const at = '2026-03-01 10:00:00';

export const writer = makeMe('advertiser');
export const reader = makeMe('advertiser', { localRole: 'viewer', permissions: ['campaigns:read'] });

export const settings: CampaignSettingsDto = {
  currency: 'PLN',
  timeZone: 'Europe/Warsaw',
  minCpm: 200,
  minDailyBudget: 1000,
  platformMarginPercent: 20,
  countries: [
    { code: 'PL', name: 'Poland' },
    { code: 'DE', name: 'Germany' },
  ],
};

export function makeListItem(overrides: Partial<CampaignListItemDto> = {}): CampaignListItemDto {
  return {
    id: 1,
    createdAt: at,
    updatedAt: at,
    advertiserId: 4,
    name: 'Spring sale',
    status: 'active',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    totalBudget: 300000,
    dailyBudget: null,
    derivedDailyBudget: 10000,
    goal: { kind: 'maxCpm' },
    maxCpm: 450,
    pacing: 'even',
    pacingToday: 'on_track',
    currency: 'PLN',
    timeZone: 'Europe/Warsaw',
    servingStatus: { serving: true, reasons: [] },
    stats: {
      spendTodayMicros: 12_340_000,
      spendTotalMicros: 1_234_560_000,
      impressions: 12345,
      clicks: 67,
      ctr: 0.0054,
    },
    updatedBy: { id: 5, name: 'Ewa Nowak' },
    bannerCount: 2,
    approvedBannerCount: 1,
    ...overrides,
  };
}

export function makeCampaign(overrides: Partial<CampaignDto> = {}): CampaignDto {
  const { bannerCount: _count, approvedBannerCount: _approved, ...item } = makeListItem();
  return {
    ...item,
    hoursOfWeek: null,
    frequencyCap: null,
    clickWindowDays: 7,
    viewWindowDays: 1,
    holdoutBps: 0,
    countries: [],
    deviceTypes: [],
    operatingSystems: [],
    includeDomains: [],
    excludeDomains: [],
    excludedCategories: [],
    audienceIncludeIds: [],
    audienceExcludeIds: [],
    banners: [],
    ...overrides,
  };
}

export function makeBanner(overrides: Partial<BannerDto> = {}): BannerDto {
  return {
    id: 21,
    createdAt: at,
    updatedAt: at,
    advertiserId: 4,
    name: 'Rectangle',
    type: 'image',
    status: 'approved',
    width: 300,
    height: 250,
    mimeType: 'image/png',
    fileSize: 12000,
    animated: false,
    fileCount: null,
    landingUrl: 'https://shop.example.com',
    previewUrl: '/creatives/abc/banner.png',
    template: null,
    rejectionReason: null,
    rejectionNote: null,
    reviewedAt: at,
    reviewedBy: null,
    updatedBy: null,
    campaignCount: 0,
    ...overrides,
  };
}

/** A banner as a campaign names it (`CampaignDto['banners']`). */
export const attachedBanner = ({ id, name, type, status, width, height, previewUrl }: BannerDto) => ({
  id,
  name,
  type,
  status,
  width,
  height,
  previewUrl,
});

export const page = <T>(elements: T[], meta: Partial<PageMeta> = {}) => ({
  elements,
  meta: { page: 1, perPage: 25, total: elements.length, lastPage: 1, ...meta },
});
