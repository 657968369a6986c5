import type { ConversionDebug, ConversionSettings, PostbackSettings } from '@rtb/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, makeMe, renderPage, stubApi, validationError } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { ToastProvider } from '../../shell/toast/toaster';
import { ConversionLimits } from './conversion-limits';
import { ConversionList } from './conversion-list';
import { PostbackSetup } from './postback-setup';

/** Issue 25 in the Tags tab: the postback's set-up, the browser conversions' limits, the conversions with held ones. */
const writer = makeMe('advertiser');
const readOnly = makeMe('advertiser', { localRole: 'user', permissions: ['integrations:read'] });

const postback = (overrides: Partial<PostbackSettings> = {}): PostbackSettings => ({
  url: 'https://ads.example.com/rtb/postback',
  advertiserId: 42,
  currency: 'PLN',
  secret: 'rtbps_first-secret',
  secretCreatedAt: '2026-05-12 08:14:00',
  ...overrides,
});
const settings = (overrides: Partial<ConversionSettings> = {}): ConversionSettings => ({
  currency: 'PLN',
  maxOrderValueMinor: null,
  defaultMaxOrderValueMinor: 1_000_000,
  ...overrides,
});
const conversion = (overrides: Partial<ConversionDebug> = {}): ConversionDebug => ({
  id: 7,
  orderId: 'ORD-7',
  source: 'pixel',
  receivedAt: '2026-05-12 09:00:00',
  valueMinor: 999_999_999_999,
  currency: 'PLN',
  status: 'held',
  holdReasons: ['value_above_maximum', 'too_many_from_user'],
  attribution: 'click',
  confirmedAt: null,
  confirmedBy: null,
  confirmedValueMinor: null,
  ...overrides,
});

const show = (element: React.ReactElement, profile = writer) =>
  renderPage(<ToastProvider>{element}</ToastProvider>, {
    path: '/panel/advertiser/integrations?tab=tags',
    route: '/panel/advertiser/integrations',
    profile,
  });
const writesOf = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(async () => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

describe('the postback set-up', () => {
  it('shows the endpoint and the secret with Copy, and examples that sign with it', async () => {
    stubApi({ 'GET /advertiser/tag/postback': [200, { data: { postback: postback() } }] });
    show(<PostbackSetup />);
    const user = userEvent.setup();
    expect(await screen.findByText('https://ads.example.com/rtb/postback')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy: Your postback secret' }));
    expect(await navigator.clipboard.readText()).toBe('rtbps_first-secret');
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();

    await user.click(screen.getByText('Examples: a terminal, PHP and Node.js'));
    const curl = screen.getByRole('heading', { name: 'Try it from a terminal (a test order)' }).parentElement
      ?.nextElementSibling as HTMLElement;
    expect(curl).toHaveTextContent("SECRET='rtbps_first-secret'");
    expect(curl).toHaveTextContent("curl -i -X POST 'https://ads.example.com/rtb/postback'");
    expect(curl).toHaveTextContent('openssl dgst -sha256 -hmac "$SECRET"');
    expect(curl).toHaveTextContent('X-RTB-Signature: sha256=$SIG');
    // The code keeps the secret on the server, and sends the tag's visitor id.
    const php = screen.getByRole('heading', { name: 'PHP' }).parentElement?.nextElementSibling as HTMLElement;
    expect(php).toHaveTextContent("getenv('RTB_POSTBACK_SECRET')");
    expect(php).toHaveTextContent("$_COOKIE['_rtbvid']");
    expect(php).not.toHaveTextContent('rtbps_first-secret');
    const node = screen.getByRole('heading', { name: 'Node.js' }).parentElement
      ?.nextElementSibling as HTMLElement;
    expect(node).toHaveTextContent("createHmac('sha256', secret).update(timestamp + '.' + body)");
    expect(node).toHaveTextContent('advertiserId: 42');
    expect(screen.getByText(/read the _rtbvid cookie from the buyer's request/)).toBeInTheDocument();
  });

  it('makes a new secret only after the user agrees, and shows it', async () => {
    const calls = stubApi({
      'GET /advertiser/tag/postback': [200, { data: { postback: postback() } }],
      'POST /advertiser/tag/postback/secret': [
        200,
        { data: { postback: postback({ secret: 'rtbps_second-secret' }) } },
      ],
    });
    show(<PostbackSetup />);
    const user = userEvent.setup();
    await screen.findByText('rtbps_first-secret');
    vi.mocked(window.confirm).mockReturnValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Make a new secret' }));
    expect(writesOf(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Make a new secret' }));
    expect(window.confirm).toHaveBeenLastCalledWith(
      'Make a new secret? The current one stops working at once: postbacks signed with it are refused until your server uses the new one.',
    );
    expect(await screen.findByText('rtbps_second-secret')).toBeInTheDocument();
    expect(screen.queryByText('rtbps_first-secret')).not.toBeInTheDocument();
    expect(
      await screen.findByText('A new secret is in place: put it on your server now.'),
    ).toBeInTheDocument();
    expect(writesOf(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /advertiser/tag/postback/secret',
    ]);
  });

  it('never asks for the secret for a user who may only read integrations', async () => {
    const calls = stubApi({});
    show(<PostbackSetup />, readOnly);
    expect(
      await screen.findByText(
        'The secret and the postback’s set-up are shown to users who may change integrations.'.replace(
          '’',
          "'",
        ),
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('speaks Polish', async () => {
    await act(() => i18n.changeLanguage('pl'));
    stubApi({ 'GET /advertiser/tag/postback': [200, { data: { postback: postback() } }] });
    show(<PostbackSetup />);
    expect(await screen.findByRole('heading', { name: 'Postback z serwera do serwera' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Utwórz nowy sekret' })).toBeInTheDocument();
    expect(screen.getByText(/odczytaj z żądania kupującego ciasteczko _rtbvid/)).toBeInTheDocument();
  });
});

describe('the limits of browser conversions', () => {
  it('says when a conversion is held, with the default maximum; saves a typed amount and the default again', async () => {
    const calls = stubApi({
      'GET /advertiser/tag/conversion-settings': [200, { data: { conversionSettings: settings() } }],
      'PUT /advertiser/tag/conversion-settings': (call) => [
        200,
        {
          data: {
            conversionSettings: settings({
              maxOrderValueMinor: call.body?.maxOrderValueMinor as number | null,
            }),
          },
        },
      ],
    });
    show(<ConversionLimits />);
    const user = userEvent.setup();
    const rules = await screen.findByRole('list');
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'its value is above your maximum order value, 10,000.00 PLN;',
      'the same visitor has already sent 3 orders in the last hour;',
      "it comes less than 10 seconds after the ad's click.",
    ]);
    const field = screen.getByRole('textbox', { name: 'Maximum order value (PLN)' });
    expect(field).toHaveValue('');
    expect(screen.getByText('Empty: the default, 10,000.00 PLN.')).toBeInTheDocument();

    await user.type(field, '2 500,5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The maximum order value is saved.')).toBeInTheDocument();
    expect(writesOf(calls).map((call) => call.body?.maxOrderValueMinor)).toEqual([250_050]);
    expect(field).toHaveValue('2500.50');
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('2,500.50 PLN');

    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(2));
    expect(writesOf(calls)[1]?.body?.maxOrderValueMinor).toBeNull();
  });

  it('refuses what is not an amount in the form, and shows the API’s field error in Polish', async () => {
    await act(() => i18n.changeLanguage('pl'));
    const calls = stubApi({
      'GET /advertiser/tag/conversion-settings': [200, { data: { conversionSettings: settings() } }],
      'PUT /advertiser/tag/conversion-settings': validationError({
        maxOrderValueMinor: ['Enter an amount greater than 0.'],
      }),
    });
    show(<ConversionLimits />);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Maksymalna wartość zamówienia (PLN)' });
    await user.type(field, 'dużo');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Podaj kwotę większą od 0.')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([]);
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Podaj kwotę większą od 0.')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([]);
    // What the API refuses lands on the field, in the interface language.
    await user.clear(field);
    await user.type(field, '100');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(await screen.findByText('Podaj kwotę większą od 0.')).toBeInTheDocument();
  });

  it('shows the rules without the form to a user who may only read integrations', async () => {
    stubApi({
      'GET /advertiser/tag/conversion-settings': [
        200,
        { data: { conversionSettings: settings({ maxOrderValueMinor: 50_000 }) } },
      ],
    });
    show(<ConversionLimits />, readOnly);
    expect(
      await screen.findByText('its value is above your maximum order value, 500.00 PLN;'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(
      screen.getByText('Users who may change integrations set the maximum order value.'),
    ).toBeInTheDocument();
  });
});

describe('the conversions in the debugger', () => {
  const list = (conversions: ConversionDebug[], heldCount = 1) =>
    [200, { data: { conversions, heldCount } }] as const;

  it('lists every source with its status and the reasons it was held, and filters the held ones', async () => {
    const calls = stubApi({
      'GET /advertiser/tag/conversions': (call) =>
        call.query.get('status') === 'held'
          ? list([conversion()])
          : list([
              conversion({
                id: 9,
                orderId: 'ORD-9',
                source: 'postback',
                status: 'counted',
                holdReasons: [],
                valueMinor: 12_000,
                attribution: null,
              }),
              conversion({
                id: 8,
                orderId: 'ORD-8',
                source: 'tag',
                status: 'confirmed',
                holdReasons: ['too_soon_after_click'],
                valueMinor: 1_500_000,
                confirmedBy: 'postback',
                confirmedAt: '2026-05-12 09:30:00',
                confirmedValueMinor: 1_450_000,
              }),
              conversion(),
            ]),
    });
    show(<ConversionList live={false} />);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Conversions received, newest first' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const [, postbackRow, tagRow, heldRow] = within(table).getAllByRole('row') as HTMLElement[];
    expect(postbackRow).toHaveTextContent('ORD-9');
    expect(postbackRow).toHaveTextContent('Postback');
    expect(postbackRow).toHaveTextContent('120.00 PLN');
    expect(postbackRow).toHaveTextContent('Counted');
    expect(postbackRow).toHaveTextContent('No ad of yours before it: not in reports');
    expect(tagRow).toHaveTextContent('Confirmed');
    expect(tagRow).toHaveTextContent('Confirmed by your postback on');
    expect(tagRow).toHaveTextContent('14,500.00 PLN');
    expect(heldRow).toHaveTextContent('Pixel');
    expect(heldRow).toHaveTextContent('9,999,999,999.99 PLN');
    expect(
      within(heldRow as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Worth more than your maximum order value',
      'More than 3 orders from this visitor within an hour',
    ]);
    expect(heldRow).toHaveTextContent('After a click on your ad');
    // Only a held one can be confirmed.
    expect(within(table).getAllByRole('button', { name: /Confirm order/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Held (1)' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(calls.at(-1)?.query.get('status')).toBe('held');
    expect(screen.getByRole('button', { name: 'Held (1)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('confirms a held one after the user agrees, then reads the list again', async () => {
    let confirmed = false;
    const calls = stubApi({
      'GET /advertiser/tag/conversions': () =>
        list(
          [
            conversion(
              confirmed
                ? { status: 'confirmed', confirmedBy: 'user', confirmedAt: '2026-05-12 10:00:00' }
                : {},
            ),
          ],
          confirmed ? 0 : 1,
        ),
      'POST /advertiser/tag/conversions/7/confirm': () => {
        confirmed = true;
        return [200, { data: { conversion: conversion({ status: 'confirmed' }) } }];
      },
    });
    show(<ConversionList live={false} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm order ORD-7' }));
    expect(window.confirm).toHaveBeenCalledWith('Count order ORD-7 (9,999,999,999.99 PLN) in your reports?');
    expect(await screen.findByText('Order ORD-7 now counts in your reports.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Held (0)' })).toBeInTheDocument());
    expect(screen.getByText(/Confirmed in this tab on/)).toBeInTheDocument();
    expect(writesOf(calls).map((call) => call.path)).toEqual(['/advertiser/tag/conversions/7/confirm']);
  });

  it('says why a confirmation failed', async () => {
    stubApi({
      'GET /advertiser/tag/conversions': list([conversion()]),
      'POST /advertiser/tag/conversions/7/confirm': validationError({
        id: ['This conversion is not held: there is nothing to confirm.'],
      }),
    });
    show(<ConversionList live={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm order ORD-7' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('offers no Confirm to a user who may only read, and speaks Polish', async () => {
    await act(() => i18n.changeLanguage('pl'));
    stubApi({ 'GET /advertiser/tag/conversions': list([conversion()]) });
    show(<ConversionList live={false} />, readOnly);
    const table = await screen.findByRole('table', { name: 'Odebrane konwersje, od najnowszych' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Wstrzymana')).toBeInTheDocument();
    expect(
      within(table).getByText('Wartość wyższa niż Twoja maksymalna wartość zamówienia'),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wstrzymane (1)' })).toBeInTheDocument();
  });

  it('says so when there is nothing, and when nothing is held', async () => {
    stubApi({ 'GET /advertiser/tag/conversions': list([], 0) });
    show(<ConversionList live={false} />);
    expect(await screen.findByText('No conversions yet', { selector: 'p' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Held (0)' }));
    expect(await screen.findByText('Nothing held', { selector: 'p' })).toBeInTheDocument();
  });
});
