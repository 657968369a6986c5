import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import {
  advertiser,
  feedImport,
  feedReply,
  page,
  product,
  productFeed,
  showIntegrationsPage,
  tabReplies,
} from './test-fixtures';

/** Whole-page flows (several renders of the full tab): room for a busy two-core machine. */
vi.setConfig({ testTimeout: 15_000 });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  cleanup();
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

const feed = feedReply(productFeed({ lastImport: feedImport(), productCount: 2 }));
const facets = [
  200,
  { data: { productFacets: { brands: ['Rocky', 'Summit'], productTypes: ['Shoes > Running', 'Jackets'] } } },
] as const;
const twoProducts = [
  200,
  {
    data: {
      products: page([
        product(),
        product({
          key: 32,
          id: 'SKU-2',
          title: 'Rain jacket',
          salePrice: null,
          price: { micros: 250_500_000, currency: 'EUR' },
          availability: 'backorder',
          brand: 'Summit',
          productType: 'Jackets',
        }),
      ]),
    },
  },
] as const;

describe('the product browser', () => {
  it('shows each product with its thumbnail, its price (a sale price after the regular one crossed out) and availability', async () => {
    stubApi({
      ...tabReplies({ 'GET /advertiser/products': twoProducts }),
      'GET /advertiser/product-feed': feed,
    });
    showIntegrationsPage(advertiser);
    // The first render of the file loads the page's modules: give it time on a busy machine.
    await screen.findByRole('button', { name: 'Details of Trail running shoe' }, { timeout: 4000 });
    const rows = within(screen.getByRole('table', { name: 'Products' })).getAllByRole('row');
    const shoe = rows[1] as HTMLElement;
    const image = within(shoe).getByRole('img', { name: 'Image of Trail running shoe' });
    expect(image).toHaveAttribute('src', '/images/products/31/thumb.webp');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(shoe.querySelector('del')).toHaveTextContent('129.99 PLN');
    expect(shoe.querySelector('strong')).toHaveTextContent('99.00 PLN');
    expect(shoe).toHaveTextContent('Regular price: 129.99 PLNSale price: 99.00 PLN');
    expect(within(shoe).getByText('In stock')).toBeInTheDocument();
    expect(within(shoe).getByText('SKU-1')).toBeInTheDocument();
    expect(shoe).toHaveTextContent('Rocky');
    expect(shoe).toHaveTextContent('Shoes > Running');
    const jacket = rows[2] as HTMLElement;
    expect(jacket).toHaveTextContent('250.50 EUR');
    expect(jacket.querySelector('del')).toBeNull();
    expect(within(jacket).getByText('Backorder')).toBeInTheDocument();
  });

  it('sends the search and the filters (from the facets) as query parameters, and says when nothing matches', async () => {
    const calls = stubApi({
      ...tabReplies({ 'GET /advertiser/products/facets': facets }),
      'GET /advertiser/product-feed': feed,
    });
    showIntegrationsPage(advertiser);
    const user = userEvent.setup();
    // The brands and types come from the facets.
    await screen.findByRole('option', { name: 'Summit' }, { timeout: 4000 });
    expect(screen.getByRole('option', { name: 'Jackets' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Brand'), 'Summit');
    await user.selectOptions(screen.getByLabelText('Availability'), 'out_of_stock');
    await user.selectOptions(screen.getByLabelText('Product type'), 'Shoes > Running');
    await user.selectOptions(screen.getByLabelText('Show'), 'removed');
    await user.type(screen.getByLabelText('Search by id, title, brand, GTIN or MPN'), 'trail');
    await waitFor(() =>
      expect(
        Object.fromEntries(calls.filter((call) => call.path === '/advertiser/products').at(-1)?.query ?? []),
      ).toEqual({
        page: '1',
        search: 'trail',
        availability: 'out_of_stock',
        brand: 'Summit',
        productType: 'Shoes > Running',
        state: 'removed',
      }),
    );
    // The typed text went once, after the pause (not a call a key).
    const searches = calls.filter((call) => call.path === '/advertiser/products' && call.query.has('search'));
    expect(searches).toHaveLength(1);
    expect(await screen.findByText('No product matches')).toBeInTheDocument();
    expect(screen.getByText('Change the search or the filters.')).toBeInTheDocument();
  });

  it('pages through the products', async () => {
    const calls = stubApi({
      ...tabReplies({
        'GET /advertiser/products': (call) => [
          200,
          {
            data: {
              products: page(
                call.query.get('page') === '2' ? [product({ key: 90, title: 'Last one' })] : [product()],
                {
                  page: Number(call.query.get('page')),
                  total: 26,
                  lastPage: 2,
                },
              ),
            },
          },
        ],
      }),
      'GET /advertiser/product-feed': feed,
    });
    showIntegrationsPage(advertiser);
    await screen.findByRole('button', { name: 'Details of Trail running shoe' });
    // The products' pages (the import history has none: one page).
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('1–25 of 26');
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Details of Last one' })).toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.path === '/advertiser/products')
        .at(-1)
        ?.query.get('page'),
    ).toBe('2');
  });

  it('opens a product with all its attributes, and its shop page in a new tab', async () => {
    stubApi({
      ...tabReplies({ 'GET /advertiser/products': twoProducts }),
      'GET /advertiser/product-feed': feed,
      'GET /advertiser/products/31': [
        200,
        {
          data: {
            product: {
              ...product(),
              tagActivity: { views: 1234, addsToCart: 56, purchases: 7, lastEventAt: '2026-11-20 09:30:00' },
            },
          },
        },
      ],
    });
    showIntegrationsPage(advertiser);
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Trail running shoe' }));
    const panel = await screen.findByRole('dialog', { name: 'Trail running shoe' });
    expect(await within(panel).findByRole('img', { name: 'Image of Trail running shoe' })).toHaveAttribute(
      'src',
      '/images/products/31/thumb.webp',
    );
    const shop = within(panel).getByRole('link', { name: 'Open in the shop (opens in a new tab)' });
    expect(shop).toHaveAttribute('href', 'https://shop.example.com/p/sku-1');
    expect(shop).toHaveAttribute('target', '_blank');
    expect(shop.getAttribute('rel')).toContain('noopener');
    const fact = (label: string) => within(panel).getByText(label).nextElementSibling;
    expect(fact('GTIN')).toHaveTextContent('5901234123457');
    expect(fact('MPN')).toHaveTextContent('Not given');
    expect(fact('Condition')).toHaveTextContent('New');
    expect(fact('Google product category')).toHaveTextContent('Apparel & Accessories > Shoes');
    expect(fact('Custom label 0')).toHaveTextContent('summer');
    expect(fact('Custom label 4')).toHaveTextContent('bestseller');
    expect(within(panel).queryByText('Custom label 1')).not.toBeInTheDocument();
    expect(fact('material')).toHaveTextContent('mesh');
    expect(within(panel).getByText(/For wet trails\./)).toBeInTheDocument();
    // What the tag saw of it.
    expect(within(panel).getByRole('heading', { name: 'From your tag, last 30 days' })).toBeInTheDocument();
    expect(fact('Views')).toHaveTextContent('1,234');
    expect(fact('Added to cart')).toHaveTextContent('56');
    expect(fact('Purchases')).toHaveTextContent('7');
    expect(fact('Last event')).toHaveTextContent('2026');
    expect(
      within(panel).getByRole('link', { name: 'Additional image 1 (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://shop.example.com/img/sku-1-side.jpg');
  });

  it('says when the feed has no products yet', async () => {
    stubApi({ ...tabReplies(), 'GET /advertiser/product-feed': feed });
    showIntegrationsPage(advertiser);
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    expect(screen.getByText('They appear here once an import of the feed has finished.')).toBeInTheDocument();
  });
});
