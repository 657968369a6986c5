import type { TagDebugEvent, TagSettings } from '@rtb/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { formatDateTime } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { ToastProvider } from '../../shell/toast/toaster';
import { TagsTab } from './tags-tab';

const advertiser = makeMe('advertiser');
const readOnly = makeMe('advertiser', { localRole: 'user', permissions: ['integrations:read'] });

const snippet =
  '<script>(function(w,d){w.rtbTag=w.rtbTag||function(){(w.rtbTag.q=w.rtbTag.q||[]).push(arguments)};' +
  "var s=d.createElement('script');s.async=1;s.src='https://ads.example.com/tag.js';" +
  "d.head.appendChild(s)})(window,document);rtbTag('init','tk_demo',{consent:'granted'});</script>";

const tag = (overrides: Partial<TagSettings> = {}): TagSettings => ({
  tagKey: 'tk_demo',
  scriptUrl: 'https://ads.example.com/tag.js',
  snippet,
  lastEventAt: '2026-05-12 08:14:00',
  eventsLast7Days: 1234,
  onlyBots: false,
  ...overrides,
});

const event = (overrides: Partial<TagDebugEvent> = {}): TagDebugEvent => ({
  id: 'e1',
  type: 'viewItem',
  receivedAt: '2026-05-12 08:14:00',
  pageUrl: 'https://shop.example.com/p/a1',
  productIds: ['A1'],
  quantity: null,
  orderId: null,
  value: null,
  currency: null,
  bot: false,
  hints: [],
  ...overrides,
});

const encoder = new TextEncoder();

/**
 * The live stream's server: each connection is a ReadableStream the test writes to, with the
 * Last-Event-ID it was opened with. `retry: 10` keeps a reconnection quick.
 */
function liveServer() {
  const connections: {
    lastEventId: string | undefined;
    write: (text: string) => void;
    end: () => void;
    cancelled: boolean;
  }[] = [];
  const handler = (call: Call) => {
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const connection = {
      lastEventId: call.headers['last-event-id'],
      write: (text: string) => controller?.enqueue(encoder.encode(text)),
      end: () => controller?.close(),
      cancelled: false,
    };
    connections.push(connection);
    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller = streamController;
        streamController.enqueue(encoder.encode('retry: 10\n: connected\n\n'));
      },
      cancel() {
        connection.cancelled = true;
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  /** Sends an event on the newest connection, cut in two in the middle of its data line. */
  const send = (sent: TagDebugEvent) => {
    const text = `id: ${sent.id}\r\nevent: tag-event\r\ndata: ${JSON.stringify(sent)}\r\n\r\n`;
    const connection = connections.at(-1);
    const middle = Math.floor(text.length / 2);
    act(() => {
      connection?.write(text.slice(0, middle));
      connection?.write(text.slice(middle));
    });
  };
  return { handler, connections, send };
}

function stubTagApi(
  options: { settings?: TagSettings; recent?: TagDebugEvent[]; live?: ReturnType<typeof liveServer> } = {},
) {
  const live = options.live ?? liveServer();
  const calls = stubApi({
    'GET /advertiser/tag': [200, { data: { tag: options.settings ?? tag() } }],
    'GET /advertiser/tag/events': [200, { data: { tagEvents: options.recent ?? [] } }],
    'GET /advertiser/tag/events/live': live.handler,
    'GET /advertiser/tag/conversion-settings': [
      200,
      {
        data: {
          conversionSettings: {
            currency: 'PLN',
            maxOrderValueMinor: null,
            defaultMaxOrderValueMinor: 1_000_000,
          },
        },
      },
    ],
    'GET /advertiser/tag/postback': [
      200,
      {
        data: {
          postback: {
            url: 'https://ads.example.com/rtb/postback',
            advertiserId: 42,
            currency: 'PLN',
            secret: 'rtbps_secret',
            secretCreatedAt: '2026-05-12 08:14:00',
          },
        },
      },
    ],
    'GET /advertiser/tag/conversions': [200, { data: { conversions: [], heldCount: 0 } }],
  });
  return { calls, live };
}

const showTagsTab = (profile = advertiser) =>
  renderPage(
    <ToastProvider>
      <TagsTab />
    </ToastProvider>,
    { path: '/panel/advertiser/integrations?tab=tags', route: '/panel/advertiser/integrations', profile },
  );

/** The debugger's event rows (not the header row, nor the one saying it is loading). */
const rows = () =>
  within(screen.getByRole('table', { name: /^(Events received|Odebrane zdarzenia)/ }))
    .getAllByRole('row')
    .slice(1)
    .filter((row) => !row.querySelector('.loadingCell'));

/** Once the stream is open. */
const isLive = () => waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'));

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

describe('installing the tag', () => {
  it('shows the snippet read-only with the status line, and copies it with a toast', async () => {
    stubTagApi();
    showTagsTab();
    const user = userEvent.setup();
    expect(await screen.findByText(snippet)).toBeInTheDocument();
    expect(screen.getByText(snippet).closest('pre')).not.toBeNull();
    expect(
      screen.getByText(/Paste the snippet into the <head> of every page of your shop/),
    ).toBeInTheDocument();
    expect(screen.getByText('Tag status:').parentElement).toHaveTextContent(
      `Tag status: Last event: ${formatDateTime('2026-05-12 08:14:00')} · 1,234 events in the last 7 days`,
    );

    await user.click(screen.getByRole('button', { name: 'Copy: Your tag snippet' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(snippet);
  });

  it('says so when the browser refuses to copy', async () => {
    stubTagApi();
    showTagsTab();
    const writeText = vi.fn(async () => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy: Your tag snippet' }));
    expect(
      await screen.findByText('The snippet could not be copied. Select it and copy it yourself.'),
    ).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(snippet);
  });

  it('explains each event and consent in Polish, with code to copy, and says when no event came yet', async () => {
    await act(() => i18n.changeLanguage('pl'));
    stubTagApi({ settings: tag({ lastEventAt: null, eventsLast7Days: 0 }) });
    showTagsTab();
    expect(await screen.findByRole('heading', { name: 'Zainstaluj tag' })).toBeInTheDocument();
    expect(screen.getByText(/Wklej kod w sekcji <head> każdej strony sklepu/)).toBeInTheDocument();
    const guide = screen.getByRole('heading', { name: 'Wysyłaj zdarzenia' }).nextElementSibling
      ?.nextElementSibling as HTMLElement;
    const items = within(guide).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('strong').textContent)).toEqual([
      'Wyświetlenie strony głównej',
      'Wyświetlenie listy produktów',
      'Wyświetlenie produktu',
      'Dodanie do koszyka',
      'Wyświetlenie koszyka',
      'Transakcja',
    ]);
    expect(items[2]).toHaveTextContent('Na stronie produktu, z identyfikatorem produktu.');
    expect(items[2]).toHaveTextContent("rtbTag('viewItem', { id: 'A1' });");
    expect(items[5]).toHaveTextContent("orderId: 'ORD-1'");
    expect(screen.getByRole('heading', { name: 'Zgoda' })).toBeInTheDocument();
    const consent = screen.getByText(/rtbTag\('init', 'tk_demo', \{ consent: 'pending' \}\);/);
    expect(consent).toHaveTextContent(
      "rtbTag('consent', 'granted'); // zgoda: zatrzymane i kolejne zdarzenia zostaną wysłane",
    );
    expect(screen.getByText('Stan tagu:').parentElement).toHaveTextContent('Stan tagu: Brak zdarzeń');
    // The debugger's empty state tells the user what to do.
    expect(
      await screen.findByText(/Otwórz w innej karcie swój sklep z zainstalowanym tagiem/),
    ).toBeInTheDocument();
  });
});

describe('the live debugger', () => {
  it('shows the latest events, then live ones on top with their hints in words', async () => {
    const { calls, live } = stubTagApi({
      recent: [
        event({ id: 'e2', type: 'addToCart', quantity: 2, receivedAt: '2026-05-12 08:15:00' }),
        event({ id: 'e1' }),
      ],
    });
    showTagsTab();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await isLive();
    expect(calls.find((call) => call.path === '/advertiser/tag/events')?.query.get('limit')).toBe('50');
    expect(rows()[0]).toHaveTextContent('Add to cart');

    live.send(
      event({
        id: 'e3',
        type: 'trackTransaction',
        receivedAt: '2026-05-12 09:00:00',
        pageUrl: 'https://shop.example.com/thanks',
        productIds: ['A1', 'ZZ9'],
        orderId: 'ORD-7',
        value: '1234.50',
        currency: null,
        hints: ['product_not_in_feed', 'missing_currency', 'duplicate_order_id'],
      }),
    );
    live.send(event({ id: 'e4', type: 'viewHome', productIds: [], pageUrl: null, bot: true }));
    // The same event again (a replay after a reconnection) is shown once.
    live.send(event({ id: 'e4', type: 'viewHome', productIds: [], pageUrl: null, bot: true }));

    await waitFor(() => expect(rows()).toHaveLength(4));
    const [bot, transaction] = rows() as HTMLElement[];
    expect(bot).toHaveTextContent('Home page view');
    expect(within(bot as HTMLElement).getByText('Bot')).toBeInTheDocument();
    expect(transaction).toHaveTextContent('Transaction');
    expect(transaction).toHaveTextContent('https://shop.example.com/thanks');
    expect(transaction).toHaveTextContent('A1, ZZ9');
    expect(transaction).toHaveTextContent('ORD-7');
    expect(transaction).toHaveTextContent('1,234.50');
    expect(
      within(transaction as HTMLElement)
        .getAllByRole('listitem')
        .map((hint) => hint.textContent),
    ).toEqual([
      'Product id not in your product feed: send the ids your feed uses.',
      "No currency: add currency (like 'PLN') to the transaction.",
      'This order id was sent before: the transaction is counted once.',
    ]);
    // The status line counts the live transaction, not the bot's event.
    expect(screen.getByText('Tag status:').parentElement).toHaveTextContent(
      `Last event: ${formatDateTime('2026-05-12 09:00:00')} · 1,235 events in the last 7 days`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('No events yet', { selector: 'p' })).toBeInTheDocument();
  });

  it("says only bot traffic came while the debugger shows only bots' events, then counts a person's", async () => {
    const { live } = stubTagApi({ settings: tag({ lastEventAt: null, eventsLast7Days: 0 }), recent: [] });
    showTagsTab();
    await isLive();
    const status = () => screen.getByText('Tag status:').parentElement;
    expect(status()).toHaveTextContent('Tag status: No events yet');
    for (const n of [1, 2, 3, 4, 5])
      live.send(event({ id: `b${n}`, type: 'viewHome', productIds: [], bot: true }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(status()).toHaveTextContent('Tag status: Only bot traffic so far');

    live.send(event({ id: 'p1', receivedAt: '2026-05-12 09:00:00' }));
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(status()).toHaveTextContent(
      `Tag status: Last event: ${formatDateTime('2026-05-12 09:00:00')} · 1 event in the last 7 days`,
    );
  });

  it('says in Polish that only bots sent events so far', async () => {
    await act(() => i18n.changeLanguage('pl'));
    stubTagApi({
      settings: tag({ lastEventAt: null, eventsLast7Days: 0, onlyBots: true }),
      recent: [event({ bot: true })],
    });
    showTagsTab();
    expect((await screen.findByText('Stan tagu:')).parentElement).toHaveTextContent(
      'Stan tagu: Na razie tylko ruch botów',
    );
  });

  it('shows the hints in Polish', async () => {
    await act(() => i18n.changeLanguage('pl'));
    stubTagApi({
      recent: [
        event({ type: 'trackTransaction', value: '30.00', currency: 'PLN', hints: ['duplicate_order_id'] }),
      ],
    });
    showTagsTab();
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Transakcja'));
    expect(rows()[0]).toHaveTextContent('30,00 PLN');
    expect(rows()[0]).toHaveTextContent('Ten numer zamówienia został już wysłany: transakcja liczy się raz.');
  });

  it('stops showing new events while paused, and shows them again once started', async () => {
    const { live } = stubTagApi();
    showTagsTab();
    const user = userEvent.setup();
    await isLive();
    live.send(event({ id: 'e1' }));
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('status')).toHaveTextContent('Paused: new events are not shown');
    // The stream is closed: nothing more can arrive on it.
    await waitFor(() => expect(live.connections[0]?.cancelled).toBe(true));
    expect(rows()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Start' }));
    await isLive();
    expect(live.connections).toHaveLength(2);
    // A fresh start: what came while paused is not asked for.
    expect(live.connections[1]?.lastEventId).toBeUndefined();
    live.send(event({ id: 'e2', type: 'viewBasket' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('Cart view');
  });

  it('reconnects when the stream ends, asking for what came after the last event it got', async () => {
    const { live } = stubTagApi();
    showTagsTab();
    await isLive();
    live.send(event({ id: 'e7' }));
    await waitFor(() => expect(rows()).toHaveLength(1));

    act(() => live.connections[0]?.end());
    await waitFor(() => expect(live.connections).toHaveLength(2));
    expect(live.connections[1]?.lastEventId).toBe('e7');
    await isLive();
    live.send(event({ id: 'e8', type: 'addToCart', quantity: 3 }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('Add to cart');
  });

  it('says when the stream is refused, and can be started again', async () => {
    const live = liveServer();
    let refuse = true;
    stubApi({
      'GET /advertiser/tag': [200, { data: { tag: tag() } }],
      'GET /advertiser/tag/events': [200, { data: { tagEvents: [] } }],
      'GET /advertiser/tag/events/live': (call) =>
        refuse
          ? new Response(JSON.stringify({ message: 'Access denied: insufficient permissions.', code: 403 }), {
              status: 403,
            })
          : live.handler(call),
    });
    showTagsTab();
    expect(await screen.findByText(/The live view stopped:/)).toHaveTextContent(
      'The live view stopped: Access denied: insufficient permissions.',
    );
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await isLive();
  });

  it('works in full for a user who may only read integrations, and changes nothing', async () => {
    const { calls, live } = stubTagApi({ recent: [event()] });
    showTagsTab(readOnly);
    expect(await screen.findByText(snippet)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy: Your tag snippet' })).toBeEnabled();
    await isLive();
    live.send(event({ id: 'e2', type: 'viewList', productIds: ['A1', 'B2'] }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
    // The postback's secret is never asked for, and nothing offers a change.
    expect(calls.some((call) => call.path === '/advertiser/tag/postback')).toBe(false);
    expect(screen.queryByText('rtbps_secret')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a new secret' })).not.toBeInTheDocument();
  });
});
