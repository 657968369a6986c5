import { paymentMessages } from '@rtb/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, renderPage, stubApi, validationError } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { pageNavigation } from '../../lib/page-navigation';
import { invoice, stubObjectUrls } from '../invoices/test-fixtures';
import { OrganisationPaymentsPage } from './organisation-payments-page';
import {
  list,
  makeHistory,
  makeOverview,
  makePayment,
  makeTopUpRequest,
  pln,
  postedKeys,
  stubResizeObserver,
} from './test-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  stubResizeObserver();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const advertiser = makeMe('advertiser');
const agency = makeMe('agency');
const path = '/panel/advertiser/payments';

/** The advertiser's page answers: the overview, its trend and empty lists unless given. */
const advertiserApi = (overview = makeOverview(), more: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    'GET /advertiser/payments/overview': [200, { data: { paymentsOverview: overview } }],
    'GET /advertiser/payments/balance-history': [200, { data: { balanceHistory: makeHistory() } }],
    'GET /advertiser/payments': list('payments', []),
    'GET /advertiser/log-credits': list('logCredits', []),
    ...more,
  });

/** An agency's payments overview (no agency-funded balance, no agency-paid campaigns). */
const agencyOverview = (overrides: Parameters<typeof makeOverview>[0] = {}) =>
  makeOverview({
    kind: 'agency',
    organisation: { id: 3, name: 'Nowa Agencja' },
    balanceAgency: null,
    commission: 0,
    agencyPaidCampaigns: null,
    ...overrides,
  });

const openTopUp = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Top up' }));
  return screen.findByRole('dialog', { name: 'Top up the balance' });
};

describe('OrganisationPaymentsPage', () => {
  it('shows the balances and credit with 2 decimals and the currency symbol', async () => {
    advertiserApi(makeOverview({ agencyPaidCampaigns: true }));
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    expect(screen.getByRole('heading', { name: 'Payments', level: 1 })).toBeInTheDocument();
    const money = await screen.findByRole('region', { name: 'Balance and credit' });
    expect(within(money).getByText('1,234.56 zł')).toBeInTheDocument();
    expect(within(money).getByText('200.00 zł')).toBeInTheDocument();
    expect(within(money).getAllByText('500.00 zł')).toHaveLength(2);
    expect(within(money).getByText('0.00 zł')).toBeInTheDocument();
    // The trend's accessible summary.
    expect(
      await screen.findByText(/Closing balance of each of the last 3 days: from 0.00 zł to 1,000.00 zł/),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Closing balance on each day it changed' })).toBeInTheDocument();
  });

  it("says 'Currency not set' without a currency, and shows an empty trend", async () => {
    advertiserApi(makeOverview({ currency: null }), {
      'GET /advertiser/payments/balance-history': [
        200,
        { data: { balanceHistory: { ...makeHistory(false), currency: null } } },
      ],
    });
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    const money = await screen.findByRole('region', { name: 'Balance and credit' });
    expect(within(money).getAllByText('Currency not set')).toHaveLength(4);
    expect(await screen.findByText('No balance movements in the last 90 days')).toBeInTheDocument();
  });

  it('refuses a top-up while the billing data is incomplete: what is missing and where to add it', async () => {
    const calls = advertiserApi(
      makeOverview({ billingComplete: false, billingMissing: ['taxId', 'country'] }),
    );
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    const user = userEvent.setup();
    const dialog = await openTopUp(user);
    expect(within(dialog).getByText('Complete the billing data before topping up.')).toBeInTheDocument();
    const missing = within(dialog).getByRole('list', { name: 'Missing billing data' });
    expect(within(missing).getByText('Tax ID')).toBeInTheDocument();
    expect(within(missing).getByText('Country')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Complete the billing data' })).toHaveAttribute(
      'href',
      '/panel/advertiser/advertisers/me',
    );
    expect(within(dialog).queryByRole('button', { name: /Request a bank transfer/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Amount to credit (net)')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('requests a bank transfer top-up with an Idempotency-Key and shows the transfer data', async () => {
    const calls = advertiserApi(makeOverview(), {
      'POST /advertiser/log-top-up-requests': [201, { data: { logTopUpRequest: makeTopUpRequest() } }],
    });
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    const user = userEvent.setup();
    const dialog = await openTopUp(user);
    // Online payments are not set up: only the bank transfer is offered.
    expect(within(dialog).queryByRole('button', { name: 'Online' })).not.toBeInTheDocument();
    await fill(user, 'Amount to credit (net)', '100');
    const preview = within(dialog).getByLabelText('Amounts of the top-up');
    expect(within(preview).getByText('100.00 zł')).toBeInTheDocument();
    expect(within(preview).getByText('VAT 23.00%')).toBeInTheDocument();
    expect(within(preview).getByText('23.00 zł')).toBeInTheDocument();
    expect(within(preview).getByText('123.00 zł')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Request a bank transfer top-up' }));

    expect(await within(dialog).findByText('TOPUP-12 Demo Shop')).toBeInTheDocument();
    expect(within(dialog).getByText('PL61 1090 1014 0000 0712 1981 2874')).toBeInTheDocument();
    expect(within(dialog).getByText('123.00 zł')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy: Bank account' }));
    expect(await navigator.clipboard.readText()).toBe('PL61 1090 1014 0000 0712 1981 2874');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/advertiser/log-top-up-requests');
    expect(post?.body).toEqual({ amount: 10_000, comment: null });
    expect(postedKeys()[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the field errors of a 422 in the interface language', async () => {
    advertiserApi(makeOverview(), {
      'POST /advertiser/log-top-up-requests': validationError({ amount: [paymentMessages.amountTooLarge] }),
    });
    await i18n.changeLanguage('pl');
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Doładuj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Doładuj saldo' });
    await fill(user, 'Kwota do zasilenia (netto)', '99999');
    await user.click(within(dialog).getByRole('button', { name: 'Zamów doładowanie przelewem' }));
    expect(await within(dialog).findByText('Kwota jest za duża.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Kwota do zasilenia (netto)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('names the maximum amount in the interface language', async () => {
    advertiserApi(makeOverview(), {
      'POST /advertiser/log-top-up-requests': validationError({
        amount: ['The amount cannot be more than 1,000,000.00.'],
      }),
    });
    await i18n.changeLanguage('pl');
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Doładuj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Doładuj saldo' });
    await fill(user, 'Kwota do zasilenia (netto)', '99999999999');
    await user.click(within(dialog).getByRole('button', { name: 'Zamów doładowanie przelewem' }));
    expect(
      await within(dialog).findByText(/^Kwota nie może być większa niż 1\s000\s000,00\.$/),
    ).toBeInTheDocument();
  });

  it('shows no bank account while the platform has not set one, saying it will be given', async () => {
    const overview = makeOverview({
      bankTransfer: { sellerName: 'RTB Platform sp. z o.o.', bankAccount: null },
    });
    advertiserApi(overview, {
      'POST /advertiser/log-top-up-requests': [
        201,
        { data: { logTopUpRequest: makeTopUpRequest({ bankAccount: null }) } },
      ],
    });
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    const user = userEvent.setup();
    const dialog = await openTopUp(user);
    expect(
      within(dialog).getByText(/The platform has not given its bank account for transfers yet/),
    ).toBeInTheDocument();
    await fill(user, 'Amount to credit (net)', '100');
    await user.click(within(dialog).getByRole('button', { name: 'Request a bank transfer top-up' }));
    expect(
      await within(dialog).findByText('Not given yet: it will appear here once the platform has set it.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Copy: Bank account' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/PL\d\d \d{4}/)).not.toBeInTheDocument();
  });

  it('reuses the Idempotency-Key when the same request is retried after a network failure', async () => {
    advertiserApi(makeOverview(), {
      'POST /advertiser/log-top-up-requests': [201, { data: { logTopUpRequest: makeTopUpRequest() } }],
    });
    const answer = globalThis.fetch;
    let failures = 1;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST' && failures-- > 0) throw new TypeError('Failed to fetch');
        return answer(url, init);
      }),
    );
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    const user = userEvent.setup();
    const dialog = await openTopUp(user);
    await fill(user, 'Amount to credit (net)', '100');
    const submit = within(dialog).getByRole('button', { name: 'Request a bank transfer top-up' });
    await user.click(submit);
    expect(await within(dialog).findByText('Communication error')).toBeInTheDocument();
    await user.click(submit);
    await within(dialog).findByText('TOPUP-12 Demo Shop');
    const [first, retry] = postedKeys();
    expect(first).toBeDefined();
    expect(retry).toBe(first);
  });

  it('uses a new Idempotency-Key once the amount changes', async () => {
    advertiserApi(makeOverview(), {
      'POST /advertiser/log-top-up-requests': validationError({ amount: [paymentMessages.amountTooLarge] }),
    });
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    const user = userEvent.setup();
    const dialog = await openTopUp(user);
    await fill(user, 'Amount to credit (net)', '100');
    await user.click(within(dialog).getByRole('button', { name: 'Request a bank transfer top-up' }));
    await within(dialog).findByText('The amount is too large.');
    await fill(user, 'Amount to credit (net)', '5');
    await user.click(within(dialog).getByRole('button', { name: 'Request a bank transfer top-up' }));
    await waitFor(() => expect(postedKeys()).toHaveLength(2));
    const [first, second] = postedKeys();
    expect(second).not.toBe(first);
  });

  it('starts an online top-up and goes to the checkout page', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const calls = advertiserApi(makeOverview({ onlineTopUp: { available: true, maxGross: 99_999_999 } }), {
      'POST /advertiser/payments/online': [
        201,
        { data: { onlinePayment: { id: 7, checkoutUrl: 'https://checkout.example/s/7' } } },
      ],
    });
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    const user = userEvent.setup();
    const dialog = await openTopUp(user);
    expect(within(dialog).getByRole('button', { name: 'Online' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('button', { name: 'By bank transfer' })).toBeInTheDocument();
    await fill(user, 'Amount to credit (net)', '250.50');
    await user.click(within(dialog).getByRole('button', { name: 'Go to the online payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/s/7'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ amount: 25_050 });
    expect(postedKeys()[0]).toBeTruthy();
  });

  it('says how the online payment ended on the way back from the checkout', async () => {
    advertiserApi(makeOverview(), {
      'GET /advertiser/payments/online/7': [
        200,
        {
          data: {
            onlinePayment: {
              id: 7,
              status: 'paid',
              net: 25_050,
              currency: { id: 1, code: 'PLN', symbol: 'zł' },
            },
          },
        },
      ],
    });
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, {
      path: `${path}?onlinePayment=7&result=success`,
      profile: advertiser,
    });
    expect(
      await screen.findByText('Thank you: your online payment was received and 250.50 zł was credited.'),
    ).toBeInTheDocument();
  });

  it('says a cancelled checkout charged nothing', async () => {
    advertiserApi();
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, {
      path: `${path}?onlinePayment=7&result=cancel`,
      profile: advertiser,
    });
    expect(
      await screen.findByText('The online payment was cancelled; nothing was charged.'),
    ).toBeInTheDocument();
  });

  it("shows a day's spend of a campaign as one line: the campaign and how many postings it sums", async () => {
    await act(() => i18n.changeLanguage('pl'));
    advertiserApi(makeOverview(), {
      'GET /advertiser/payments': list('payments', [
        makePayment({
          type: 'spend',
          campaign: { id: 7, name: 'Winter sale' },
          day: '2024-05-01',
          postings: 563,
          amount: -563,
          balanceBefore: 100_000,
          balanceAfter: 99_437,
          reason: null,
          initiator: null,
          invoice: null,
        }),
      ]),
    });
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    const table = await screen.findByRole('table', { name: 'Operacje na saldzie, od najnowszych' });
    const spend = (await within(table).findByText('Wydatki kampanii')).closest('tr') as HTMLElement;
    expect(within(spend).getByText('Winter sale')).toBeInTheDocument();
    expect(within(spend).getByText('563 księgowania')).toBeInTheDocument();
    expect(within(spend).getByText('-5,63 zł')).toBeInTheDocument();
    expect(within(spend).getByText('1000,00 zł → 994,37 zł')).toBeInTheDocument();
  });

  it('lists the transactions with their type, value, balances, initiator and invoice', async () => {
    const calls = advertiserApi(makeOverview(), {
      'GET /advertiser/payments': list('payments', [
        makePayment(),
        makePayment({
          id: 2,
          type: 'transfer',
          counterparty: { id: 3, name: 'Demo Agency' },
          amount: -30_000,
          balanceBefore: 100_000,
          balanceAfter: 70_000,
          reason: null,
          initiator: { id: 5, name: 'Ewa Nowak', email: 'ewa@example.com' },
          impersonator: { id: 1, name: 'Anna Admin', email: 'admin@example.com' },
          invoice: null,
        }),
      ]),
    });
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    const table = await screen.findByRole('table', { name: 'Balance movements, newest first' });
    const topUp = (await within(table).findByText('Manual top-up')).closest('tr') as HTMLElement;
    expect(within(topUp).getByText('+1,000.00 zł')).toBeInTheDocument();
    expect(within(topUp).getByText('0.00 zł → 1,000.00 zł')).toBeInTheDocument();
    expect(within(topUp).getByText('Anna Admin')).toBeInTheDocument();
    expect(within(topUp).getByText('Wire received')).toBeInTheDocument();
    expect(within(topUp).getByText('FV/2024/05/0001')).toBeInTheDocument();
    const transfer = within(table).getByText('Transfer').closest('tr') as HTMLElement;
    expect(within(transfer).getByText('Demo Agency')).toBeInTheDocument();
    expect(within(transfer).getByText('-300.00 zł')).toBeInTheDocument();
    expect(within(transfer).getByText('1,000.00 zł → 700.00 zł')).toBeInTheDocument();
    expect(within(transfer).getByText('Ewa Nowak (by Anna Admin)')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Operation'), 'Refund');
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === '/advertiser/payments')
          .at(-1)
          ?.query.get('type'),
      ).toBe('refund'),
    );
  });

  it("previews a transaction's invoice, and lists the organisation's top-up requests and invoices in their tabs", async () => {
    stubObjectUrls();
    const calls = advertiserApi(makeOverview(), {
      'GET /advertiser/payments': list('payments', [makePayment()]),
      'GET /advertiser/invoices/9/pdf': [200, '%PDF-1.4'],
      'GET /advertiser/log-top-up-requests': list('logTopUpRequests', [makeTopUpRequest()]),
      'GET /advertiser/invoices': list('invoices', [invoice({ number: 'FV/2024/05/7' })]),
    });
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Preview invoice FV/2024/05/0001' }));
    const preview = await screen.findByRole('dialog', { name: 'Invoice FV/2024/05/0001' });
    expect(await within(preview).findByTitle('PDF: FV/2024/05/0001')).toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('tab', { name: 'Top-up requests' }));
    expect(await screen.findByRole('table', { name: 'Top-up requests' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Invoices' }));
    expect(await screen.findByText('FV/2024/05/7')).toBeInTheDocument();
    const paths = calls.map((call) => call.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/advertiser/log-top-up-requests', '/advertiser/invoices']),
    );
    expect(paths.some((path) => path.startsWith('/admin/'))).toBe(false);
  });

  it('says when there are no transactions, and lists credit changes in their tab', async () => {
    advertiserApi(makeOverview(), {
      'GET /advertiser/log-credits': list('logCredits', [
        {
          id: 1,
          createdAt: '2024-05-01 10:00:00',
          agency: null,
          advertiser: { id: 4, name: 'Demo Shop' },
          currency: { id: 1, code: 'PLN', isoCode: '985', symbol: 'zł' },
          creditLimitBefore: 0,
          creditLimitAfter: 50_000,
          useCreditLimitBefore: false,
          useCreditLimitAfter: true,
          reason: 'Good payer',
          initiator: null,
          impersonator: null,
        },
      ]),
    });
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Credit changes' }));
    const table = await screen.findByRole('table', { name: 'Credit limit changes, newest first' });
    expect(within(table).getByText('0.00 zł → 500.00 zł')).toBeInTheDocument();
    expect(within(table).getByText('Off → On')).toBeInTheDocument();
    expect(within(table).getByText('System')).toBeInTheDocument();
  });

  it('lists online payments; a pending one can still be paid on its checkout page', async () => {
    const payment = (id: number, status: string, checkoutUrl: string | null) => ({
      id,
      createdAt: '2024-05-01 10:00:00',
      status,
      provider: 'stripe',
      agency: null,
      advertiser: { id: 4, name: 'Demo Shop' },
      currency: { id: 1, code: 'PLN', isoCode: '985', symbol: 'zł' },
      net: 10_000,
      taxPercent: 23,
      tax: 2_300,
      gross: 12_300,
      taxNote: null,
      checkoutUrl,
      failureReason: null,
      paidAt: null,
      createdBy: null,
      invoice: null,
    });
    advertiserApi(makeOverview(), {
      'GET /advertiser/payments/online': list('onlinePayments', [
        payment(2, 'pending', 'https://checkout.example/s/2'),
        payment(1, 'expired', null),
      ]),
    });
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, {
      path: `${path}?tab=online`,
      profile: advertiser,
    });
    const table = await screen.findByRole('table', { name: 'Online payments, newest first' });
    const pending = (await within(table).findByText('Pending')).closest('tr') as HTMLElement;
    expect(within(pending).getByText('123.00 zł')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Continue the payment' })).toHaveAttribute(
      'href',
      'https://checkout.example/s/2',
    );
    const expired = within(table).getByText('Expired').closest('tr') as HTMLElement;
    expect(within(expired).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe("an agency's commission", () => {
  it('shows the commission earned on the card and its 90-day line with distinct money ticks', async () => {
    stubResizeObserver({ width: 600, height: 240 });
    stubApi({
      'GET /agency/payments/overview': [
        200,
        {
          data: {
            paymentsOverview: agencyOverview({ balance: 0, commission: 37 }),
          },
        },
      ],
      'GET /agency/payments/balance-history': [
        200,
        {
          data: {
            balanceHistory: {
              currency: pln,
              moved: true,
              days: [
                { date: '2024-04-29', balance: 0, balanceAgency: null, commission: 0 },
                { date: '2024-04-30', balance: 0, balanceAgency: null, commission: 12 },
                { date: '2024-05-01', balance: 0, balanceAgency: null, commission: 37 },
              ],
            },
          },
        },
      ],
      'GET /agency/payments': list('payments', []),
    });
    const { container } = renderPage(<OrganisationPaymentsPage kind="agency" />, {
      path: '/panel/agency/payments',
      profile: agency,
    });
    const money = await screen.findByRole('region', { name: 'Balance and credit' });
    const commission = within(money).getByText('Commission earned').closest('div') as HTMLElement;
    expect(within(commission).getByText('0.37 zł')).toBeInTheDocument();
    const days = await screen.findByRole('table', { name: 'Closing balance on each day it changed' });
    expect(within(days).getByRole('columnheader', { name: 'Commission earned' })).toBeInTheDocument();
    // Two lines: the legend says which is which.
    expect(
      within(screen.getByRole('list', { name: 'Lines of the chart' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Balance', 'Commission earned']);
    const lastDay = within(days).getByRole('rowheader', { name: '01.05' }).closest('tr') as HTMLElement;
    expect(within(lastDay).getByText('0.37 zł')).toBeInTheDocument();
    // The y-axis: money with 2 decimals, every tick different (not '0 0 0 0 0').
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    const ticks = [...container.querySelectorAll('.recharts-yAxis-tick-labels text')].map(
      (tick) => tick.textContent,
    );
    expect(ticks.length).toBeGreaterThan(1);
    expect(new Set(ticks).size).toBe(ticks.length);
    for (const tick of ticks) expect(tick).toMatch(/^\d+\.\d\d$/);
  });

  it('labels a commission credit as such, not as campaign spend, in both languages', async () => {
    stubApi({
      'GET /agency/payments/overview': [
        200,
        { data: { paymentsOverview: agencyOverview({ commission: 37 }) } },
      ],
      'GET /agency/payments/balance-history': [200, { data: { balanceHistory: makeHistory(false) } }],
      'GET /agency/payments': list('payments', [
        makePayment({
          id: 2,
          type: 'spend',
          account: 'commission',
          amount: 37,
          balanceBefore: 0,
          balanceAfter: 37,
          reason: null,
          initiator: null,
          invoice: null,
        }),
        makePayment({
          id: 1,
          type: 'spend',
          account: 'balance',
          amount: -500,
          balanceBefore: 1_000,
          balanceAfter: 500,
          reason: null,
          initiator: null,
          invoice: null,
        }),
      ]),
    });
    renderPage(<OrganisationPaymentsPage kind="agency" />, {
      path: '/panel/agency/payments',
      profile: agency,
    });
    const table = await screen.findByRole('table', { name: 'Balance movements, newest first' });
    const credit = (await within(table).findByText('Commission credit')).closest('tr') as HTMLElement;
    expect(within(credit).getByText('+0.37 zł')).toBeInTheDocument();
    expect(within(credit).queryByText('Campaign spend')).not.toBeInTheDocument();
    const spend = within(table).getByText('Campaign spend').closest('tr') as HTMLElement;
    expect(within(spend).getByText('-5.00 zł')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('pl'));
    expect(await within(table).findByText('Naliczenie prowizji')).toBeInTheDocument();
    expect(within(table).getByText('Wydatki kampanii')).toBeInTheDocument();
  });
});

describe('agency transfers', () => {
  const agencyApi = (more: Parameters<typeof stubApi>[0] = {}) =>
    stubApi({
      'GET /agency/payments/overview': [
        200,
        {
          data: {
            paymentsOverview: agencyOverview(),
          },
        },
      ],
      'GET /agency/payments/balance-history': [200, { data: { balanceHistory: makeHistory() } }],
      'GET /agency/payments': list('payments', []),
      'GET /agency/advertisers': list('advertisers', [{ id: 31, name: 'Demo Shop' }]),
      ...more,
    });

  it('funds an advertiser, showing the refusal of a transfer the balance does not cover', async () => {
    let attempt = 0;
    const calls = agencyApi({
      'POST /agency/payments/transfers': () =>
        ++attempt === 1
          ? validationError({ amount: [paymentMessages.insufficientFunds] })
          : [
              201,
              {
                data: {
                  payment: makePayment({
                    type: 'transfer',
                    amount: -5_000,
                    counterparty: { id: 31, name: 'Demo Shop' },
                  }),
                },
              },
            ],
    });
    renderPage(<OrganisationPaymentsPage kind="agency" />, {
      path: '/panel/agency/payments',
      profile: agency,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Transfer to an advertiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer funds' });
    expect(within(dialog).getByText("The agency's balance: 1,234.56 zł.")).toBeInTheDocument();
    await within(dialog).findByRole('option', { name: 'Demo Shop' });
    await user.selectOptions(within(dialog).getByLabelText('Advertiser'), 'Demo Shop');
    await fill(user, 'Amount', '50');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(
      await within(dialog).findByText(
        'Not enough funds: the balance and the available credit do not cover this amount.',
      ),
    ).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Direction'), 'Take unspent funding back');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 2000 });

    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts[0]?.body).toEqual({
      direction: 'to_advertiser',
      advertiserId: 31,
      amount: 5_000,
      reason: null,
    });
    expect(posts[1]?.body).toEqual({
      direction: 'from_advertiser',
      advertiserId: 31,
      amount: 5_000,
      reason: null,
    });
    const [first, second] = postedKeys();
    expect(second).not.toBe(first);
    // The overview is read again after the money moved.
    expect(calls.filter((call) => call.path === '/agency/payments/overview').length).toBeGreaterThan(1);
  });

  it('offers no transfer to advertisers on an advertiser page', async () => {
    advertiserApi();
    renderPage(<OrganisationPaymentsPage kind="advertiser" />, { path, profile: advertiser });
    await screen.findByRole('button', { name: 'Top up' });
    expect(screen.queryByRole('button', { name: 'Transfer to an advertiser' })).not.toBeInTheDocument();
  });
});
