import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { AgenciesPage } from './agencies-page';
import { lastQuery, listReply, makeAgency, reader, referenceReplies, writer } from './test-utils';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const path = '/panel/admin/agencies';
const demo = makeAgency();
const fresh = makeAgency({
  id: 8,
  name: 'Fresh Agency',
  currency: null,
  country: null,
  balance: 0,
  statusVerification: 'pending',
  billingComplete: false,
  billingMissing: ['taxId', 'country', 'currency'],
  advertisersCount: 0,
});

describe('AgenciesPage', () => {
  it('lists agencies with status and billing badges and the formatted balance', async () => {
    stubApi({ ...referenceReplies, 'GET /admin/agencies': listReply('agencies', [demo, fresh]) });
    renderPage(<AgenciesPage />, { path, profile: writer });
    expect(screen.getByRole('heading', { name: 'Agencies', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Agencies - RTB Panel');

    const link = await screen.findByRole('link', { name: 'Demo Agency' });
    expect(link).toHaveAttribute('href', '/panel/admin/agencies/single?id=7');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Poland')).toBeInTheDocument();
    expect(within(row).getByText('Verified')).toBeInTheDocument();
    expect(within(row).getByText('Billing complete')).toBeInTheDocument();
    expect(within(row).getByText('-50.00 zł')).toBeInTheDocument();

    const freshRow = screen.getByRole('link', { name: 'Fresh Agency' }).closest('tr') as HTMLElement;
    expect(within(freshRow).getByText('Pending')).toBeInTheDocument();
    expect(within(freshRow).getByText('Billing incomplete')).toBeInTheDocument();
    expect(within(freshRow).getByText('Currency not set')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('searches, filters, sorts and pages through the API', async () => {
    const calls = stubApi({
      ...referenceReplies,
      'GET /admin/agencies': listReply('agencies', [demo], { total: 30, lastPage: 2 }),
    });
    renderPage(<AgenciesPage />, { path, profile: writer });
    await screen.findByRole('link', { name: 'Demo Agency' });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Search by name, tax ID or e-mail'), 'demo');
    await waitFor(() => expect(lastQuery(calls, '/admin/agencies')).toMatchObject({ search: 'demo' }));
    await user.selectOptions(screen.getByLabelText('Verification'), 'Rejected');
    await waitFor(() =>
      expect(lastQuery(calls, '/admin/agencies')).toMatchObject({
        search: 'demo',
        statusVerification: 'rejected',
      }),
    );
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await waitFor(() => expect(lastQuery(calls, '/admin/agencies')).toMatchObject({ currencyId: '2' }));
    await user.selectOptions(screen.getByLabelText('Country'), 'Poland');
    await waitFor(() => expect(lastQuery(calls, '/admin/agencies')).toMatchObject({ countryId: '1' }));

    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() =>
      expect(lastQuery(calls, '/admin/agencies')).toMatchObject({ sort: 'name', order: 'desc' }),
    );
    await user.click(screen.getByRole('button', { name: /Verification/ }));
    await waitFor(() =>
      expect(lastQuery(calls, '/admin/agencies')).toMatchObject({ sort: 'statusVerification', order: 'asc' }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(calls, '/admin/agencies')).toMatchObject({ page: '2' }));
  });

  it('offers Add agency to writers only', async () => {
    stubApi({ ...referenceReplies, 'GET /admin/agencies': listReply('agencies', [demo]) });
    const { unmount } = renderPage(<AgenciesPage />, { path, profile: writer });
    await userEvent.click(screen.getByRole('button', { name: 'Add agency' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/panel/admin/agencies/single');
    unmount();

    renderPage(<AgenciesPage />, { path, profile: reader });
    await screen.findByRole('link', { name: 'Demo Agency' });
    expect(screen.queryByRole('button', { name: 'Add agency' })).not.toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    stubApi({ ...referenceReplies, 'GET /admin/agencies': listReply('agencies', []) });
    const { unmount } = renderPage(<AgenciesPage />, { path, profile: writer });
    expect(await screen.findByText('No agencies yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add agency' })).toHaveLength(2);
    unmount();
    renderPage(<AgenciesPage />, { path: `${path}?statusVerification=rejected`, profile: writer });
    expect(await screen.findByText('No agencies match')).toBeInTheDocument();
  });

  it('shows the error state and retries', async () => {
    let fail = true;
    stubApi({
      ...referenceReplies,
      'GET /admin/agencies': () =>
        fail
          ? [500, { message: 'A critical error occurred, please try again.', code: 500 }]
          : listReply('agencies', [demo]),
    });
    renderPage(<AgenciesPage />, { path, profile: writer });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A critical error occurred, please try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Demo Agency' })).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    stubApi({ ...referenceReplies, 'GET /admin/agencies': listReply('agencies', [fresh]) });
    renderPage(<AgenciesPage />, { path, profile: writer });
    expect(screen.getByRole('heading', { name: 'Agencje', level: 1 })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'Fresh Agency' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Oczekuje')).toBeInTheDocument();
    expect(within(row).getByText('Dane rozliczeniowe niekompletne')).toBeInTheDocument();
    expect(within(row).getByText('Nie ustawiono waluty')).toBeInTheDocument();
  });

  it('names the country in Polish, from its code rather than its stored name', async () => {
    await i18n.changeLanguage('pl');
    const germany = { id: 2, code: 'DE', isoCode: 'DEU', name: 'Germany' };
    stubApi({
      ...referenceReplies,
      'GET /admin/agencies': listReply('agencies', [makeAgency({ country: germany })]),
    });
    renderPage(<AgenciesPage />, { path, profile: writer });
    const row = (await screen.findByRole('link', { name: 'Demo Agency' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Niemcy')).toBeInTheDocument();
    expect(within(row).queryByText('Germany')).not.toBeInTheDocument();
    // The filter offers the configured countries in Polish too.
    expect(screen.getByRole('option', { name: 'Polska' })).toBeInTheDocument();
  });
});
