import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, makeMe, renderPage, stubApi, validationError } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { AdminPaymentsPage } from './admin-payments-page';
import { list, makeLogCredit, makePayment } from './test-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const admin = makeMe('admin');
const path = '/panel/admin/payments';
const lastQuery = (calls: Call[], apiPath: string) =>
  Object.fromEntries(calls.filter((call) => call.path === apiPath).at(-1)?.query ?? []);
const agencyPayment = makePayment({
  id: 5,
  type: 'transfer',
  agency: { id: 7, name: 'Demo Agency' },
  advertiser: null,
  counterparty: { id: 31, name: 'Demo Shop' },
  amount: -30_000,
  balanceBefore: 100_000,
  balanceAfter: 70_000,
  invoice: null,
});

describe('AdminPaymentsPage', () => {
  it("warns while the seller's bank account is the placeholder, linking to its setting", async () => {
    stubApi({
      'GET /admin/payments': list('payments', []),
      'GET /admin/payments/setup': [
        200,
        { data: { paymentsSetup: { bankAccountConfigured: false, bankAccountConfigValueId: 11 } } },
      ],
    });
    renderPage(<AdminPaymentsPage />, { path, profile: admin });
    expect(await screen.findByText('Configuration incomplete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set the bank account' })).toHaveAttribute(
      'href',
      '/panel/admin/config-values/single?id=11',
    );
  });

  it('says nothing once the bank account is set', async () => {
    const calls = stubApi({
      'GET /admin/payments': list('payments', []),
      'GET /admin/payments/setup': [
        200,
        { data: { paymentsSetup: { bankAccountConfigured: true, bankAccountConfigValueId: 11 } } },
      ],
    });
    renderPage(<AdminPaymentsPage />, { path, profile: admin });
    await waitFor(() => expect(calls.some((call) => call.path === '/admin/payments/setup')).toBe(true));
    await screen.findByRole('table', { name: 'Balance movements, newest first' });
    expect(screen.queryByText('Configuration incomplete')).not.toBeInTheDocument();
  });

  it("lists every organisation's transactions, each naming its organisation", async () => {
    stubApi({ 'GET /admin/payments': list('payments', [makePayment(), agencyPayment]) });
    renderPage(<AdminPaymentsPage />, { path, profile: admin });
    expect(screen.getByRole('heading', { name: 'Payments', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Balance movements, newest first' });
    const shopRow = (await within(table).findByText('Manual top-up')).closest('tr') as HTMLElement;
    expect(within(shopRow).getByText('Demo Shop')).toBeInTheDocument();
    const agencyRow = within(table).getByText('Demo Agency').closest('tr') as HTMLElement;
    expect(within(agencyRow).getByText('-300.00 zł')).toBeInTheDocument();
  });

  it('filters by type, balance, agency, advertiser and days through the API', async () => {
    const calls = stubApi({
      'GET /admin/payments': list('payments', [makePayment()]),
      'GET /admin/agencies': list('agencies', [{ id: 7, name: 'Demo Agency' }]),
      'GET /admin/agencies/7': [200, { data: { agency: { id: 7, name: 'Demo Agency' } } }],
      'GET /admin/advertisers': list('advertisers', [{ id: 31, name: 'Demo Shop' }]),
      'GET /admin/advertisers/31': [200, { data: { advertiser: { id: 31, name: 'Demo Shop' } } }],
    });
    renderPage(<AdminPaymentsPage />, { path, profile: admin });
    await screen.findByText('Manual top-up', { selector: 'td' });
    const user = userEvent.setup();
    const filters = screen.getByRole('form', { name: 'Filters' });
    await user.selectOptions(within(filters).getByLabelText('Operation'), 'Correction');
    await user.selectOptions(within(filters).getByLabelText('Balance'), 'Funded by the agency');
    await user.type(within(filters).getByLabelText('Find an agency by name'), 'Demo');
    await within(filters).findByRole('option', { name: 'Demo Agency' });
    await user.selectOptions(within(filters).getByLabelText('Agency'), 'Demo Agency');
    await within(filters).findByRole('option', { name: 'Demo Shop' });
    await user.selectOptions(within(filters).getByLabelText('Advertiser'), 'Demo Shop');
    await user.type(within(filters).getByLabelText('From'), '01.05.2024');
    await waitFor(() =>
      expect(lastQuery(calls, '/admin/payments')).toMatchObject({
        type: 'correction',
        account: 'agency_balance',
        agencyId: '7',
        advertiserId: '31',
        from: '2024-05-01',
      }),
    );
  });

  it("narrows every organisation's online payments to one advertiser and a status", async () => {
    const calls = stubApi({
      'GET /admin/payments': list('payments', []),
      'GET /admin/payments/online': list('onlinePayments', []),
      'GET /admin/agencies': list('agencies', []),
      'GET /admin/advertisers': list('advertisers', [{ id: 31, name: 'Demo Shop' }]),
      'GET /admin/advertisers/31': [200, { data: { advertiser: { id: 31, name: 'Demo Shop' } } }],
    });
    renderPage(<AdminPaymentsPage />, { path, profile: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Online payments' }));
    const filters = await screen.findByRole('form', { name: 'Filters' });
    await user.selectOptions(within(filters).getByLabelText('Status'), 'Paid');
    await within(filters).findByRole('option', { name: 'Demo Shop' });
    await user.selectOptions(within(filters).getByLabelText('Advertiser'), 'Demo Shop');
    await waitFor(() =>
      expect(lastQuery(calls, '/admin/payments/online')).toMatchObject({
        status: 'paid',
        advertiserId: '31',
      }),
    );
  });

  it("shows the API's verdict on the dates on the field, and an empty state without matches", async () => {
    stubApi({
      'GET /admin/payments': ({ query }) =>
        query.get('to')
          ? validationError({ to: ['The end date cannot be before the start date.'] })
          : list('payments', []),
    });
    renderPage(<AdminPaymentsPage />, { path: `${path}?type=refund`, profile: admin });
    expect(await screen.findByText('No transactions match these filters')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('To'), '01.01.2024');
    await waitFor(() => expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true'));
  });

  it('lists credit changes across organisations in their tab', async () => {
    const calls = stubApi({
      'GET /admin/payments': list('payments', []),
      'GET /admin/log-credits': list('logCredits', [
        makeLogCredit({ agency: { id: 7, name: 'Demo Agency' }, advertiser: null }),
      ]),
    });
    renderPage(<AdminPaymentsPage />, { path, profile: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Credit changes' }));
    const table = await screen.findByRole('table', { name: 'Credit limit changes, newest first' });
    const row = (await within(table).findByText('Demo Agency')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Anna Admin')).toBeInTheDocument();
    expect(within(row).getByText('Good payer')).toBeInTheDocument();
    expect(lastQuery(calls, '/admin/log-credits')).toMatchObject({ page: '1' });
  });
});
