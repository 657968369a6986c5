import type { BannerDto, BannerReviewItemDto, BannerRulesDto, MeDto } from '@rtb/shared';
import { renderPage } from '../../account/account-test-utils';
import { ToastProvider } from '../../shell/toast/toaster';
import { BannersPage } from './banners-page';

export const page = <T,>(elements: T[], meta = {}) => ({
  elements,
  meta: { page: 1, perPage: 25, total: elements.length, lastPage: 1, ...meta },
});

export const rules: BannerRulesDto = {
  sizes: ['300x250', '728x90', '160x600'],
  maxFileBytes: 500 * 1024,
  html5MaxFiles: 100,
  html5MaxUnpackedBytes: 5 * 1024 * 1024,
};

const at = '2024-05-01 10:00:00';

export const banner = (overrides: Partial<BannerDto> = {}): BannerDto => ({
  id: 5,
  createdAt: at,
  updatedAt: at,
  advertiserId: 4,
  name: 'Spring sale',
  type: 'image',
  status: 'approved',
  width: 300,
  height: 250,
  mimeType: 'image/png',
  fileSize: 40_960,
  animated: false,
  fileCount: null,
  landingUrl: 'https://shop.example.com/spring',
  previewUrl: '/creatives/abc123/banner.png',
  template: null,
  rejectionReason: null,
  rejectionNote: null,
  reviewedAt: null,
  reviewedBy: null,
  updatedBy: { id: 5, name: 'Ewa Nowak' },
  campaignCount: 0,
  ...overrides,
});

/** A dynamic product banner: its template, and its logo as the file (200x80). */
export const dynamicBanner = (overrides: Partial<BannerDto> = {}): BannerDto =>
  banner({
    name: 'Shoes of the day',
    type: 'dynamic',
    width: 200,
    height: 80,
    fileSize: 4096,
    previewUrl: '/creatives/logo1/logo.png',
    landingUrl: 'https://shop.example.com/',
    template: {
      layout: 'trio',
      backgroundColour: '#ffffff',
      textColour: '#111111',
      accentColour: '#cc0000',
      callToAction: 'Buy now',
    },
    ...overrides,
  });

export const reviewItem = (overrides: Partial<BannerReviewItemDto> = {}): BannerReviewItemDto => ({
  ...banner({ status: 'pending' }),
  advertiser: { id: 4, name: 'Demo Shop', code: 'DEMO01', agency: null, creativesTrusted: false },
  submittedAt: at,
  ...overrides,
});

/** The advertiser's creatives page at `query`, with toasts. */
export const showBannersPage = (profile: MeDto, query = '') =>
  renderPage(
    <ToastProvider>
      <BannersPage />
    </ToastProvider>,
    { path: `/panel/advertiser/banners${query}`, route: '/panel/advertiser/banners', profile },
  );
