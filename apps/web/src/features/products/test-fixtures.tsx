import type { FeedImport, MeDto, Product, ProductFeed } from '@rtb/shared';
import { type Handler, makeMe, renderPage } from '../../account/account-test-utils';
import { ToastProvider } from '../../shell/toast/toaster';
import { page } from '../banners/test-fixtures';
import { IntegrationsPage } from '../integrations';

export { page };

export const advertiser = makeMe('advertiser');
/** May see integrations, not change them. */
export const readOnly = makeMe('advertiser', { localRole: 'user', permissions: ['integrations:read'] });

const at = '2024-05-01 10:00:00';

export const feedImport = (overrides: Partial<FeedImport> = {}): FeedImport => ({
  id: 7,
  trigger: 'upload',
  status: 'succeeded',
  format: 'csv',
  bytesRead: 1000,
  bytesTotal: 1000,
  itemsRead: 1240,
  summary: { added: 1200, updated: 12, unchanged: 3, removed: 2, rejected: 25 },
  errorCode: null,
  errorDetail: null,
  createdAt: at,
  startedAt: at,
  finishedAt: '2024-05-01 10:02:00',
  ...overrides,
});

export const productFeed = (overrides: Partial<ProductFeed> = {}): ProductFeed => ({
  source: 'url',
  url: 'https://shop.example.com/feed.xml',
  schedule: 'daily',
  nextFetchAt: '2024-05-02 10:00:00',
  lastImport: null,
  lastSuccessfulImport: null,
  productCount: 0,
  ...overrides,
});

export const product = (overrides: Partial<Product> = {}): Product => ({
  key: 31,
  id: 'SKU-1',
  title: 'Trail running shoe',
  description: 'Light and grippy.\nFor wet trails.',
  link: 'https://shop.example.com/p/sku-1',
  imageLink: 'https://shop.example.com/img/sku-1.jpg',
  additionalImageLinks: ['https://shop.example.com/img/sku-1-side.jpg'],
  price: { micros: 129_990_000, currency: 'PLN' },
  salePrice: { micros: 99_000_000, currency: 'PLN' },
  availability: 'in_stock',
  brand: 'Rocky',
  gtin: '5901234123457',
  mpn: null,
  condition: 'new',
  googleProductCategory: 'Apparel & Accessories > Shoes',
  productType: 'Shoes > Running',
  itemGroupId: null,
  customLabels: ['summer', null, null, null, 'bestseller'],
  extra: { material: 'mesh' },
  thumbnailUrl: '/images/products/31/thumb.webp',
  imageUrlTemplate: '/img/products/31/{box}x{box}/0123456789ab',
  removedAt: null,
  firstSeenAt: at,
  updatedAt: at,
  ...overrides,
});

/** What the tab reads besides the feed: an empty history, no products, no facets. */
export const tabReplies = (overrides: Record<string, Handler> = {}): Record<string, Handler> => ({
  'GET /advertiser/product-feed/imports': [200, { data: { feedImports: page([]) } }],
  'GET /advertiser/products': [200, { data: { products: page([]) } }],
  'GET /advertiser/products/facets': [200, { data: { productFacets: { brands: [], productTypes: [] } } }],
  ...overrides,
});

export const feedReply = (feed: ProductFeed | null) => [200, { data: { productFeed: feed } }] as const;

/** The integrations page at `query` (the Products tab by default: the first tab is the retargeting set-up), with toasts. */
export const showIntegrationsPage = (profile: MeDto, query = '?tab=products') =>
  renderPage(
    <ToastProvider>
      <IntegrationsPage />
    </ToastProvider>,
    { path: `/panel/advertiser/integrations${query}`, route: '/panel/advertiser/integrations', profile },
  );
