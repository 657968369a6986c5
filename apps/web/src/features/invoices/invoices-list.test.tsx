import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi } from '../../account/account-test-utils';
import { cookies } from '../../lib/storage';
import { InvoiceLink } from './invoice-link';
import { InvoicesList } from './invoices-list';
import { dismissToasts, headersOf, invoice, page, show, stubObjectUrls } from './test-fixtures';

const agencyUser = makeMe('agency');
const agencyViewer = makeMe('agency', { localRole: 'viewer', permissions: ['payments:read'] });
const invoices = (...elements: ReturnType<typeof invoice>[]) =>
  [200, { data: { invoices: page(elements) } }] as const;
const pdf = [200, '%PDF-1.4'] as const;

let revoked: string[];
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  revoked = stubObjectUrls();
  cookies.set('authToken', 'tok');
  cookies.set('agencyId', '3');
});
afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  cookies.remove('authToken');
  cookies.remove('agencyId');
});

describe('InvoicesList', () => {
  it('lists number, issue date, buyer, net, tax, gross and payment method', async () => {
    stubApi({
      'GET /agency/invoices': invoices(
        invoice(),
        invoice({
          id: 4,
          number: 'FV/2024/05/2',
          paymentMethod: 'online',
          advertiser: { id: 8, name: 'Demo' },
        }),
      ),
    });
    show(<InvoicesList panel="agency" />, agencyUser);
    const first = (await screen.findByRole('button', { name: 'Preview invoice FV/2024/05/1' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(first).getByText('Nowa Agencja')).toBeInTheDocument();
    expect(within(first).getByText('1,000.00 zł')).toBeInTheDocument();
    expect(within(first).getByText('230.00 zł')).toBeInTheDocument();
    expect(within(first).getByText('1,230.00 zł')).toBeInTheDocument();
    expect(within(first).getByText('Bank transfer')).toBeInTheDocument();
    const second = screen
      .getByRole('button', { name: 'Preview invoice FV/2024/05/2' })
      .closest('tr') as HTMLElement;
    expect(within(second).getByText('Demo')).toBeInTheDocument();
    expect(within(second).getByText('Online payment')).toBeInTheDocument();
    expect(screen.queryByText('Agency')).not.toBeInTheDocument();
  });

  it('searches by number and filters by days through the API', async () => {
    const calls = stubApi({ 'GET /agency/invoices': invoices(invoice()) });
    show(<InvoicesList panel="agency" />, agencyUser);
    await screen.findByText('FV/2024/05/1');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by invoice number'), 'FV/2024');
    await user.type(screen.getByLabelText('From'), '01.05.2024');
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)?.query ?? [])).toMatchObject({
        search: 'FV/2024',
        from: '2024-05-01',
      }),
    );
  });

  it('shows the empty state, and the error state with a retry', async () => {
    stubApi({ 'GET /agency/invoices': invoices() });
    const { unmount } = show(<InvoicesList panel="agency" />, agencyUser);
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    unmount();
    stubApi({ 'GET /agency/invoices': [500, { message: 'Server Error', code: 500 }] });
    show(<InvoicesList panel="agency" />, agencyUser);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the agency and advertiser filters to admins only', async () => {
    stubApi({ 'GET /admin/invoices': invoices(invoice()) });
    show(<InvoicesList panel="admin" />, makeMe('admin'));
    await screen.findByText('FV/2024/05/1');
    expect(screen.getAllByText('Agency').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Advertiser').length).toBeGreaterThan(0);
  });

  it('previews the PDF fetched with the token and organisation headers, and revokes it on close', async () => {
    stubApi({ 'GET /agency/invoices': invoices(invoice()), 'GET /agency/invoices/3/pdf': pdf });
    show(<InvoicesList panel="agency" />, agencyUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview invoice FV/2024/05/1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice FV/2024/05/1' });
    const document = await within(dialog).findByTitle('PDF: FV/2024/05/1');
    expect(document).toHaveAttribute('data', 'blob:test-1');
    expect(headersOf('/agency/invoices/3/pdf')[0]).toMatchObject({
      authorization: 'Bearer tok',
      'agency-id': '3',
    });
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    // Another test file's download releasing its URL late (CI saw one) is not this dialog's.
    URL.revokeObjectURL('blob:rejections');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(revoked).toEqual(['blob:test-1']));
  });

  it('opens the PDF in a new tab through a download link, never with the session token in the URL', async () => {
    const calls = stubApi({
      'GET /agency/invoices': invoices(invoice()),
      'GET /agency/invoices/3/pdf': pdf,
      'POST /agency/download-links': [
        200,
        { data: { url: '/api/agency/invoices/3/pdf?authorization=once' } },
      ],
    });
    const tab = { opener: window as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    show(<InvoicesList panel="agency" />, agencyUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview invoice FV/2024/05/1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice FV/2024/05/1' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Open in new tab' }));
    await waitFor(() =>
      expect(tab.location.href).toMatch(/\/api\/agency\/invoices\/3\/pdf\?authorization=once$/),
    );
    expect(open).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.path === '/agency/download-links')?.body).toEqual({
      path: '/api/agency/invoices/3/pdf',
    });
    // The preview stays in the page.
    expect(within(dialog).getByTitle('PDF: FV/2024/05/1')).toHaveAttribute('data', 'blob:test-1');
  });

  it('shows a failed PDF with a retry', async () => {
    stubApi({
      'GET /agency/invoices': invoices(invoice()),
      'GET /agency/invoices/3/pdf': [404, { message: 'Not Found', code: 404 }],
    });
    show(<InvoicesList panel="agency" />, agencyUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview invoice FV/2024/05/1' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/The PDF could not be loaded/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends the invoice by e-mail to the address given, with a success toast', async () => {
    const calls = stubApi({
      'GET /agency/invoices': invoices(invoice()),
      'GET /agency/invoices/3/pdf': pdf,
      'POST /agency/invoices/3/send': [200, { data: { status: 'queued' } }],
    });
    show(<InvoicesList panel="agency" />, agencyUser);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Preview invoice FV/2024/05/1' }));
    await screen.findByRole('dialog');
    await fill(user, 'E-mail address', 'ksiegowosc@nowa.pl');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The invoice is on its way by e-mail.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'ksiegowosc@nowa.pl' });
  });

  it("sends to the buyer's billing e-mail when the address is left empty", async () => {
    const calls = stubApi({
      'GET /agency/invoices/3/pdf': pdf,
      'POST /agency/invoices/3/send': [200, { data: { status: 'queued' } }],
    });
    show(<InvoiceLink panel="agency" invoice={{ id: 3, number: 'FV/2024/05/1' }} />, agencyUser);
    await userEvent.click(screen.getByRole('button', { name: 'Preview invoice FV/2024/05/1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The invoice is on its way by e-mail.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({});
  });

  it('hides sending without the payments write permission', async () => {
    stubApi({ 'GET /agency/invoices/3/pdf': pdf });
    show(<InvoiceLink panel="agency" invoice={{ id: 3, number: 'FV/2024/05/1' }} />, agencyViewer);
    await userEvent.click(screen.getByRole('button', { name: 'Preview invoice FV/2024/05/1' }));
    await screen.findByTitle('PDF: FV/2024/05/1');
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });
});
