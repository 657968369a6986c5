import { type LogTopUpRequestDto, paymentMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi, validationError } from '../../account/account-test-utils';
import { cookies } from '../../lib/storage';
import { dismissToasts, headersOf, page, pln, show, stubObjectUrls } from '../invoices/test-fixtures';
import { TopUpRequestsList } from './top-up-requests-list';

const admin = makeMe('admin');
const adminViewer = makeMe('admin', { localRole: 'viewer', permissions: ['payments:read'] });
const agencyUser = makeMe('agency');

const topUpRequest = (overrides: Partial<LogTopUpRequestDto> = {}): LogTopUpRequestDto => ({
  id: 5,
  createdAt: '2024-05-01 10:00:00',
  updatedAt: '2024-05-01 10:00:00',
  status: 'pending',
  agency: { id: 3, name: 'Nowa Agencja' },
  advertiser: null,
  currency: pln as LogTopUpRequestDto['currency'],
  net: 100000,
  taxPercent: 23,
  tax: 23000,
  gross: 123000,
  taxNote: null,
  comment: 'For the May campaigns',
  buyer: {
    name: 'Nowa Agencja Sp. z o.o.',
    taxId: 'PL5260001',
    address: 'ul. Długa 1, Kraków',
    email: 'billing@nowa.pl',
    country: 'Poland',
    countryCode: 'PL',
  },
  transferTitle: 'TOPUP-5',
  bankAccount: 'PL61 1090 1014 0000 0712 1981 2874',
  requestedBy: { id: 5, name: 'Ewa Nowak', email: 'ewa@example.com' },
  impersonator: null,
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
  invoice: null,
  ...overrides,
});
const accepted = topUpRequest({
  status: 'accepted',
  decidedBy: { id: 1, name: 'Adam Admin', email: 'adam@rtb.example' },
  decidedAt: '2024-05-02 08:00:00',
  invoice: { id: 3, number: 'FV/2024/05/1', gross: 123000 },
});
const list = (...elements: LogTopUpRequestDto[]) =>
  [200, { data: { logTopUpRequests: page(elements) } }] as const;
const pdf = [200, '%PDF-1.4'] as const;
const STATUS = '/admin/log-top-up-requests/5/status';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  stubObjectUrls();
  cookies.set('authToken', 'tok');
});
afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  cookies.remove('authToken');
});

const openRequest = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Open the top-up request #5' }));
  return screen.findByRole('dialog', { name: 'Top-up request #5' });
};

describe('TopUpRequestsList', () => {
  it("lists an organisation's requests with amounts, status, who asked and decided, and the invoice", async () => {
    const calls = stubApi({ 'GET /agency/log-top-up-requests': list(accepted) });
    show(<TopUpRequestsList panel="agency" />, agencyUser);
    const row = (await screen.findByRole('button', { name: 'Open the top-up request #5' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('1,000.00 zł')).toBeInTheDocument();
    expect(within(row).getByText('230.00 zł')).toBeInTheDocument();
    expect(within(row).getByText('1,230.00 zł')).toBeInTheDocument();
    expect(within(row).getByText('Accepted')).toBeInTheDocument();
    expect(within(row).getByText('Ewa Nowak')).toBeInTheDocument();
    expect(within(row).getByText('Adam Admin')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Preview invoice FV/2024/05/1' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Organisation' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('pending'));
  });

  it('shows the empty state', async () => {
    stubApi({ 'GET /agency/log-top-up-requests': list() });
    show(<TopUpRequestsList panel="agency" />, agencyUser);
    expect(await screen.findByText('No top-up requests yet')).toBeInTheDocument();
  });

  it('shows the details, where to pay, and the proforma fetched with the token; no decision outside admin', async () => {
    stubApi({
      'GET /agency/log-top-up-requests': list(
        topUpRequest({
          status: 'rejected',
          rejectionReason: 'Wrong amount',
          requestedBy: { id: 8, name: 'Ewa Nowak', email: 'ewa@example.com' },
          impersonator: { id: 1, name: 'Adam Admin', email: 'adam@example.com' },
        }),
      ),
      'GET /agency/log-top-up-requests/5/proforma': pdf,
    });
    show(<TopUpRequestsList panel="agency" />, agencyUser);
    const dialog = await openRequest();
    expect(within(dialog).getByText('TOPUP-5')).toBeInTheDocument();
    expect(within(dialog).getByText('PL61 1090 1014 0000 0712 1981 2874')).toBeInTheDocument();
    expect(within(dialog).getByText('PL5260001')).toBeInTheDocument();
    expect(within(dialog).getByText('For the May campaigns')).toBeInTheDocument();
    expect(within(dialog).getByText('Wrong amount')).toBeInTheDocument();
    // Asked for by an admin logged in as the agency's user.
    expect(
      within(dialog).getByText('Ewa Nowak (ewa@example.com) (by Adam Admin (adam@example.com))'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByTitle('PDF: Proforma TOPUP-5')).toHaveAttribute('data', 'blob:test-1');
    expect(headersOf('/agency/log-top-up-requests/5/proforma')[0]).toMatchObject({
      authorization: 'Bearer tok',
    });
    expect(within(dialog).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('lets an admin accept with an Idempotency-Key, then refreshes the list', async () => {
    let decided = false;
    const calls = stubApi({
      'GET /admin/log-top-up-requests': () => list(decided ? accepted : topUpRequest()),
      'GET /admin/log-top-up-requests/5/proforma': pdf,
      [`PUT ${STATUS}`]: () => {
        decided = true;
        return [200, { data: { logTopUpRequest: accepted } }];
      },
    });
    show(<TopUpRequestsList panel="admin" />, admin);
    expect(await screen.findByRole('columnheader', { name: 'Organisation' })).toBeInTheDocument();
    const dialog = await openRequest();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('The top-up request has been accepted.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === STATUS)?.body).toEqual({ status: 'accepted', _method: 'PUT' });
    expect(headersOf(STATUS)[0]?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(dialog).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    const row = screen
      .getByRole('button', { name: 'Open the top-up request #5' })
      .closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Accepted')).toBeInTheDocument());
  });

  it('requires a reason to reject, then sends it', async () => {
    const calls = stubApi({
      'GET /admin/log-top-up-requests': list(topUpRequest()),
      'GET /admin/log-top-up-requests/5/proforma': pdf,
      [`PUT ${STATUS}`]: [
        200,
        { data: { logTopUpRequest: topUpRequest({ status: 'rejected', rejectionReason: 'No transfer' }) } },
      ],
    });
    show(<TopUpRequestsList panel="admin" />, admin);
    const dialog = await openRequest();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give a reason for the rejection.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === STATUS)).toBe(false);
    await fill(user, 'Reason for rejection', 'No transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The top-up request has been rejected.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === STATUS)?.body).toMatchObject({
      status: 'rejected',
      reason: 'No transfer',
    });
  });

  it('shows that the request was already decided, retrying with the same Idempotency-Key', async () => {
    stubApi({
      'GET /admin/log-top-up-requests': list(topUpRequest()),
      'GET /admin/log-top-up-requests/5/proforma': pdf,
      [`PUT ${STATUS}`]: validationError({ status: [paymentMessages.requestDecided] }),
    });
    show(<TopUpRequestsList panel="admin" />, admin);
    const dialog = await openRequest();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(
      await within(dialog).findByText('This top-up request has already been decided.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(headersOf(STATUS)).toHaveLength(2));
    const [first, retry] = headersOf(STATUS);
    expect(retry?.['idempotency-key']).toBe(first?.['idempotency-key']);
  });

  it('shows no decision to an admin without the payments write permission', async () => {
    stubApi({
      'GET /admin/log-top-up-requests': list(topUpRequest()),
      'GET /admin/log-top-up-requests/5/proforma': pdf,
    });
    show(<TopUpRequestsList panel="admin" />, adminViewer);
    const dialog = await openRequest();
    await within(dialog).findByTitle('PDF: Proforma TOPUP-5');
    expect(within(dialog).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });
});
