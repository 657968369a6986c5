import type { ProductFeed } from '@rtb/shared';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, stubApi, validationError } from '../../account/account-test-utils';
import { formatDateTime } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { holdUploads, stubXhrThroughFetch } from '../../test/fake-xhr';
import {
  advertiser,
  feedImport,
  feedReply,
  page,
  productFeed,
  readOnly,
  showIntegrationsPage,
  tabReplies,
} from './test-fixtures';

/** Whole-page flows (several renders of the full tab): room for a busy two-core machine. */
vi.setConfig({ testTimeout: 15_000 });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  stubXhrThroughFetch();
});
afterEach(async () => {
  cleanup();
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

/** The feed is read each second while an import runs: allow a few polls. */
const polled = { timeout: 4000 };

describe('setting up the feed', () => {
  it('explains feeds the first time and saves a URL feed; the server’s field errors land on the field', async () => {
    let feed: ProductFeed | null = null;
    const calls = stubApi({
      ...tabReplies(),
      'GET /advertiser/product-feed': () => feedReply(feed),
      'PUT /advertiser/product-feed': (call) => {
        if (call.body?.url === 'https://10.0.0.1/feed.xml')
          return validationError({ url: ['This address cannot be fetched.'] });
        feed = productFeed({ url: String(call.body?.url), schedule: 'hourly' });
        return [200, { data: { productFeed: feed } }];
      },
    });
    showIntegrationsPage(advertiser);
    expect(await screen.findByRole('tab', { name: 'Products', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: "Connect your shop's products" })).toBeInTheDocument();
    const formats = screen.getByRole('list', { name: 'Accepted formats' });
    expect(
      within(formats)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Google Merchant Center XML (RSS 2.0 or Atom, with or without the g: prefix)',
      'CSV with a header row',
      'TSV (tab-separated) with a header row',
    ]);

    const user = userEvent.setup();
    // The shared schema first: no call for an address that is not http(s).
    await fill(user, 'Feed URL', 'ftp://shop.example.com/feed.xml');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a full address starting with http:// or https://.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(screen.getByLabelText('Feed URL'));
    await fill(user, 'Feed URL', 'https://10.0.0.1/feed.xml');
    await user.selectOptions(screen.getByLabelText('Fetch'), 'hourly');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This address cannot be fetched.')).toBeInTheDocument();
    expect(screen.getByLabelText('Feed URL')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Feed URL')).toHaveFocus();

    await user.clear(screen.getByLabelText('Feed URL'));
    await fill(user, 'Feed URL', 'https://shop.example.com/feed.xml');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The feed's source is saved.")).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Feed source' });
    expect(within(card).getByText('https://shop.example.com/feed.xml')).toBeInTheDocument();
    expect(within(card).getByText('Every hour')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Refresh now' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      source: 'url',
      url: 'https://shop.example.com/feed.xml',
      schedule: 'hourly',
      _method: 'PUT',
    });
  });

  it('uploads a file with its progress, then follows the import to its summary', async () => {
    let feed: ProductFeed | null = null;
    let finish = false;
    const running = feedImport({
      status: 'running',
      bytesRead: 250,
      bytesTotal: 1000,
      itemsRead: 310,
      summary: { added: 0, updated: 0, unchanged: 0, removed: 0, rejected: 0 },
      finishedAt: null,
    });
    const done = feedImport({ summary: { added: 1200, updated: 12, unchanged: 3, removed: 2, rejected: 0 } });
    const calls = stubApi({
      ...tabReplies(),
      // Running until the test has seen it, then done.
      'GET /advertiser/product-feed': () =>
        feedReply(feed && { ...feed, lastImport: finish ? done : running, productCount: finish ? 1200 : 0 }),
      'PUT /advertiser/product-feed': () => {
        feed = productFeed({ source: 'upload', url: null, schedule: null, nextFetchAt: null });
        return [200, { data: { productFeed: feed } }];
      },
      'POST /advertiser/product-feed/uploads': [
        202,
        { data: { feedImport: feedImport({ status: 'queued' }) } },
      ],
    });
    showIntegrationsPage(advertiser);
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('radio', { name: /Upload a file/ }));
    expect(screen.queryByLabelText('Feed URL')).not.toBeInTheDocument();

    const release = holdUploads();
    await user.upload(screen.getByLabelText('Choose a feed file'), new File(['id,title'], 'products.csv'));
    const upload = await screen.findByRole('progressbar', { name: 'Uploading products.csv' });
    expect(upload).toHaveAttribute('value', '50');
    expect(upload).toHaveAttribute('aria-valuetext', '50% of 8 B sent');
    release();

    const progress = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(progress).toHaveAttribute('value', '25');
    expect(progress).toHaveAttribute('aria-valuetext', '25%: 250 B of 1,000 B read, 310 items');
    expect(await screen.findByText('No imports yet')).toBeInTheDocument();
    const historyReads = () =>
      calls.filter((call) => call.path === '/advertiser/product-feed/imports').length;
    const readsWhileRunning = historyReads();
    finish = true;

    const summary = await screen.findByLabelText('Import summary', {}, polled);
    const figures = Object.fromEntries(
      within(summary)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({ Added: '1,200', Updated: '12', Unchanged: '3', Removed: '2', Rejected: '0' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The source was set before the file went, and the file went as `file`.
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /advertiser/product-feed',
      'POST /advertiser/product-feed/uploads',
    ]);
    expect(writes[0]?.body).toEqual({ source: 'upload', _method: 'PUT' });
    expect((writes[1]?.body?.file as File | undefined)?.name).toBe('products.csv');
    // The history is read again once the import has ended.
    await waitFor(() => expect(historyReads()).toBeGreaterThan(readsWhileRunning));
  });
});

describe('imports', () => {
  it('says why an import failed, from its error code and detail', async () => {
    const failed = feedImport({
      status: 'failed',
      trigger: 'schedule',
      errorCode: 'malformed_xml',
      errorDetail: 'line 12, column 4',
      summary: { added: 40, updated: 0, unchanged: 0, removed: 0, rejected: 0 },
    });
    stubApi({
      ...tabReplies({
        'GET /advertiser/product-feed/imports': [200, { data: { feedImports: page([failed]) } }],
      }),
      'GET /advertiser/product-feed': feedReply(productFeed({ lastImport: failed, productCount: 40 })),
    });
    showIntegrationsPage(advertiser);
    const current = await screen.findByRole('region', { name: 'Last import' });
    const alert = within(current).getByRole('alert');
    expect(alert).toHaveTextContent('The import failed');
    expect(alert).toHaveTextContent('The XML is malformed.');
    expect(alert).toHaveTextContent('Details: line 12, column 4');
    expect(alert).toHaveTextContent('nothing was marked removed');
    expect(within(current).getByText('Failed')).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Imports of the feed' });
    const row = within(history).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Schedule');
    expect(row).toHaveTextContent('The XML is malformed.');
  });

  it('opens an import’s rejected rows in a side panel, a page at a time, and downloads them as CSV', async () => {
    const last = feedImport({ summary: { added: 3, updated: 0, unchanged: 0, removed: 0, rejected: 26 } });
    const calls = stubApi({
      ...tabReplies({
        'GET /advertiser/product-feed/imports': [200, { data: { feedImports: page([last]) } }],
      }),
      'GET /advertiser/product-feed': feedReply(productFeed({ lastImport: last, productCount: 3 })),
      'GET /advertiser/product-feed/imports/7/rejections': (call) => {
        const second = call.query.get('page') === '2';
        return [
          200,
          {
            data: {
              rejections: page(
                second
                  ? [{ position: 40, productId: null, attribute: 'id', reason: 'missing_id' }]
                  : [
                      { position: 3, productId: 'SKU-3', attribute: 'price', reason: 'invalid_price' },
                      { position: 9, productId: 'SKU-1', attribute: 'id', reason: 'duplicate_id' },
                    ],
                { page: second ? 2 : 1, total: 26, lastPage: 2 },
              ),
            },
          },
        ];
      },
      'GET /advertiser/product-feed/imports/7/rejections/download': [200, 'row,product id,attribute,reason'],
    });
    URL.createObjectURL = vi.fn(() => 'blob:rejections');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.getAttribute('href')}`);
    });
    showIntegrationsPage(advertiser);
    const user = userEvent.setup();
    // From the history (the current import's card has its own button).
    await user.click(
      await screen.findByRole('button', {
        name: `Rejected rows of the import of ${formatDateTime(last.createdAt)}`,
      }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Rejected rows' });
    const table = await within(panel).findByRole('table', { name: 'Rejected rows' });
    expect(await within(table).findByText('The price is not a valid amount')).toBeInTheDocument();
    expect(within(table).getByText('The id appeared earlier in the feed')).toBeInTheDocument();
    expect(within(table).getByText('SKU-3')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Next' }));
    expect(await within(panel).findByText('No id')).toBeInTheDocument();
    expect(within(panel).getByText('40')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path.endsWith('/rejections')).map((call) => call.query.get('page')),
    ).toEqual(['1', '2']);

    await user.click(within(panel).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['feed-import-7-rejected.csv blob:rejections']));
    expect(calls.some((call) => call.path === '/advertiser/product-feed/imports/7/rejections/download')).toBe(
      true,
    );
  });

  it('fetches a URL feed now and follows the new import', async () => {
    let lastImport = feedImport();
    const calls = stubApi({
      ...tabReplies(),
      'GET /advertiser/product-feed': () => feedReply(productFeed({ lastImport, productCount: 1200 })),
      'POST /advertiser/product-feed/refresh': () => {
        lastImport = feedImport({
          id: 8,
          trigger: 'manual',
          status: 'queued',
          startedAt: null,
          finishedAt: null,
        });
        return [202, { data: { feedImport: lastImport } }];
      },
    });
    showIntegrationsPage(advertiser);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refresh now' }));
    expect(await screen.findByText('The feed is being fetched now.')).toBeInTheDocument();
    const progress = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(progress).not.toHaveAttribute('value');
    expect(progress).toHaveAttribute('aria-valuetext', 'Waiting to start…');
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/advertiser/product-feed/refresh',
    ]);
  });
});

describe('permissions and language', () => {
  it('shows a read-only user the feed and its imports without any control to change them', async () => {
    const last = feedImport();
    stubApi({
      ...tabReplies(),
      'GET /advertiser/product-feed': feedReply(productFeed({ lastImport: last, productCount: 1200 })),
    });
    showIntegrationsPage(readOnly);
    const card = await screen.findByRole('region', { name: 'Feed source' });
    expect(within(card).getByText('https://shop.example.com/feed.xml')).toBeInTheDocument();
    expect(within(card).getByText('1,200')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Last import' })).toBeInTheDocument();
    // Reading the rejected rows is not a change.
    expect(screen.getByRole('button', { name: 'See the rejected rows' })).toBeInTheDocument();
    for (const name of ['Refresh now', 'Change source', 'Save'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Choose a feed file|Upload a new version/)).not.toBeInTheDocument();
  });

  it('tells a read-only user there is no feed yet, with no form', async () => {
    stubApi({ ...tabReplies(), 'GET /advertiser/product-feed': feedReply(null) });
    showIntegrationsPage(readOnly);
    expect(await screen.findByRole('heading', { name: 'No product feed yet' })).toBeInTheDocument();
    expect(
      screen.getByText('A user who may change integrations can set up the feed here.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Feed URL')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('speaks Polish: tab, statuses, triggers, summary and reasons', async () => {
    await act(() => i18n.changeLanguage('pl'));
    const last = feedImport({ trigger: 'schedule' });
    stubApi({
      ...tabReplies({
        'GET /advertiser/product-feed/imports': [200, { data: { feedImports: page([last]) } }],
      }),
      'GET /advertiser/product-feed': feedReply(productFeed({ lastImport: last, productCount: 1200 })),
      'GET /advertiser/product-feed/imports/7/rejections': [
        200,
        {
          data: {
            rejections: page([
              { position: 3, productId: 'SKU-3', attribute: 'link', reason: 'missing_link' },
            ]),
          },
        },
      ],
    });
    showIntegrationsPage(advertiser);
    expect(await screen.findByRole('tab', { name: 'Produkty', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Integracje' })).toBeInTheDocument();
    const current = await screen.findByRole('region', { name: 'Ostatni import' });
    expect(within(current).getByText('Zakończony')).toBeInTheDocument();
    expect(within(current).getByText('Dodane').nextElementSibling).toHaveTextContent(/^1200$/);
    expect(
      within(screen.getByRole('region', { name: 'Źródło pliku produktowego' })).getByText('Raz dziennie'),
    ).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Importy pliku produktowego' });
    expect(within(history).getByText('Harmonogram')).toBeInTheDocument();
    await userEvent.click(within(current).getByRole('button', { name: 'Zobacz odrzucone wiersze' }));
    const panel = await screen.findByRole('dialog', { name: 'Odrzucone wiersze' });
    expect(await within(panel).findByText('Brak linku')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Pobierz CSV' })).toBeInTheDocument();
  });
});
