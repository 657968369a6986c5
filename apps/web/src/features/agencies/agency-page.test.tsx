import { organisationMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi, validationError } from '../../account/account-test-utils';
import { formatDateTime } from '../../lib/format';
import { pageNavigation } from '../../lib/page-navigation';
import { cookies } from '../../lib/storage';
import { clearCookies } from '../../shell/test-utils/fixtures';
import { AgencyPage } from './agency-page';
import {
  dismissToasts,
  listReply,
  makeAdvertiser,
  makeAgency,
  makeStatusChange,
  reader,
  referenceReplies,
  renderWithToasts,
  writer,
} from './test-utils';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const route = '/panel/admin/agencies/single';
const demo = makeAgency();
const history = [makeStatusChange()];
const agencyReplies = (agency = demo) => ({
  ...referenceReplies,
  [`GET /admin/agencies/${agency.id}`]: [200, { data: { agency } }] as const,
  [`GET /admin/agencies/${agency.id}/status-verifications`]: listReply('logStatusVerifications', history),
  'GET /admin/advertisers': listReply('advertisers', [makeAdvertiser()]),
});
const detailsForm = () => screen.getByRole('region', { name: 'Details' });

describe('AgencyPage: adding', () => {
  it('creates the agency with POST, in minor units, and opens its page', async () => {
    const created = makeAgency({ id: 9, name: 'Nova Agency', statusVerification: 'unverified' });
    const calls = stubApi({
      ...agencyReplies(created),
      'POST /admin/agencies': [201, { data: { agency: created } }],
    });
    renderWithToasts(<AgencyPage />, { path: route, route, profile: writer });
    expect(screen.getByRole('heading', { name: 'Add agency', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Add agency - RTB Panel');
    const user = userEvent.setup();
    await fill(user, 'Name', 'Nova Agency');
    await user.clear(screen.getByLabelText('Commission limit (%)'));
    await fill(user, 'Commission limit (%)', '12.5');
    await screen.findByRole('option', { name: 'PLN' });
    await user.selectOptions(screen.getByLabelText('Currency'), 'PLN');
    await user.clear(screen.getByLabelText('Credit limit'));
    await fill(user, 'Credit limit', '1000.50');
    await user.click(screen.getByRole('checkbox', { name: 'May spend on credit, up to the limit' }));
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add agency' }));

    expect(await screen.findByText('The agency has been added.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Nova Agency',
      commissionPercentLimit: 12.5,
      currencyId: 1,
      countryId: null,
      taxId: null,
      taxAddress: null,
      taxEmail: null,
      phone: null,
      creditLimit: 100050,
      useCreditLimit: true,
    });
    expect(await screen.findByRole('heading', { name: 'Nova Agency', level: 1 })).toBeInTheDocument();
  });

  it('checks the form first, then puts the server field errors on the fields', async () => {
    const calls = stubApi({
      ...referenceReplies,
      'POST /admin/agencies': validationError({ taxEmail: [organisationMessages.taxEmail] }),
    });
    renderWithToasts(<AgencyPage />, { path: route, route, profile: writer });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Credit limit'));
    await fill(user, 'Credit limit', '5.555');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add agency' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Credit limit')).toHaveAccessibleDescription(
      'Enter an amount of 0 or more with up to 2 decimals, e.g. 1000.00.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await fill(user, 'Name', 'Mail Agency');
    await user.clear(screen.getByLabelText('Credit limit'));
    await fill(user, 'Credit limit', '5');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add agency' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Billing e-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('does not offer the form to readers', () => {
    stubApi(referenceReplies);
    renderWithToasts(<AgencyPage />, { path: route, route, profile: reader });
    expect(screen.getByText('You cannot add agencies.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });
});

describe('AgencyPage: one agency', () => {
  it('shows the summary, the money per spec section 5 and the form', async () => {
    stubApi(agencyReplies());
    renderWithToasts(<AgencyPage />, { path: `${route}?id=7`, route, profile: writer });
    expect(await screen.findByRole('heading', { name: 'Demo Agency', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Demo Agency - RTB Panel');
    const summary = screen.getByRole('region', { name: 'Agency summary' });
    expect(within(summary).getByText('Verified')).toBeInTheDocument();
    expect(within(summary).getByText('Billing complete')).toBeInTheDocument();
    expect(within(summary).getByText('Regulations accepted')).toBeInTheDocument();

    const money = screen.getByRole('region', { name: 'Balance and credit' });
    const figure = (term: string) => within(money).getByText(term).nextElementSibling;
    expect(figure('Balance')).toHaveTextContent('-50.00 zł');
    expect(figure('Credit limit')).toHaveTextContent('200.00 zł');
    expect(figure('Credit in use')).toHaveTextContent('50.00 zł');
    expect(figure('Available credit')).toHaveTextContent('150.00 zł');

    expect(screen.getByLabelText('Credit limit')).toHaveValue('200.00');
    expect(screen.getByLabelText('Commission limit (%)')).toHaveValue('20.00');
    expect(await screen.findByRole('option', { name: 'PLN' })).toBeInTheDocument();
    expect(screen.getByLabelText('Currency')).toHaveValue('1');
  });

  it('shows what billing data is missing, and Currency not set', async () => {
    stubApi(
      agencyReplies(
        makeAgency({
          currency: null,
          taxId: null,
          billingComplete: false,
          billingMissing: ['taxId', 'currency'],
        }),
      ),
    );
    renderWithToasts(<AgencyPage />, { path: `${route}?id=7`, route, profile: writer });
    const missing = await screen.findByRole('list', { name: 'Missing billing data' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tax ID', 'Currency']);
    const money = screen.getByRole('region', { name: 'Balance and credit' });
    expect(within(money).getAllByText('Currency not set')).toHaveLength(4);
  });

  it('saves the edit with PUT, and a server error lands on its field', async () => {
    let reply: 'ok' | 'locked' = 'locked';
    const calls = stubApi({
      ...agencyReplies(),
      'PUT /admin/agencies/7': (call) =>
        reply === 'locked'
          ? validationError({ currencyId: [organisationMessages.currencyLocked] })
          : [200, { data: { agency: { ...demo, phone: String(call.body?.phone) } } }],
    });
    renderWithToasts(<AgencyPage />, { path: `${route}?id=7`, route, profile: writer });
    await screen.findByRole('option', { name: 'EUR' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(organisationMessages.currencyLocked)).toBeInTheDocument();
    expect(screen.getByLabelText('Currency')).toHaveAttribute('aria-invalid', 'true');

    reply = 'ok';
    await user.selectOptions(screen.getByLabelText('Currency'), 'PLN');
    await user.clear(screen.getByLabelText('Phone'));
    await fill(user, 'Phone', '+48 600 700 800');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The changes have been saved.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
      name: 'Demo Agency',
      currencyId: 1,
      phone: '+48 600 700 800',
      creditLimit: 20000,
      commissionPercentLimit: 20,
      _method: 'PUT',
    });
  });

  it('changes the verification status with a comment and shows the history', async () => {
    let agency = demo;
    let changes = history;
    const calls = stubApi({
      ...agencyReplies(),
      'GET /admin/agencies/7': () => [200, { data: { agency } }],
      'GET /admin/agencies/7/status-verifications': () => listReply('logStatusVerifications', changes),
      'POST /admin/agencies/7/status-verifications': (call) => {
        const change = makeStatusChange({
          id: 2,
          statusFrom: 'verified',
          statusTo: 'rejected',
          comment: String(call.body?.comment),
        });
        agency = { ...demo, statusVerification: 'rejected' };
        changes = [change, ...history];
        return [201, { data: { agency, logStatusVerification: change } }];
      },
    });
    renderWithToasts(<AgencyPage />, { path: `${route}?id=7`, route, profile: writer });
    const section = await screen.findByRole('region', { name: 'Verification' });
    const table = await within(section).findByRole('table');
    const [first] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent(formatDateTime('2024-06-03 09:15:00'));
    expect(first).toHaveTextContent('Documents checked');
    expect(first).toHaveTextContent('Ada Admin');
    expect(first).toHaveTextContent('admin@example.com');

    const user = userEvent.setup();
    await user.selectOptions(within(section).getByLabelText('New status'), 'Rejected');
    await fill(user, 'Comment', 'Fake documents');
    await user.click(within(section).getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText('The verification status is now: Rejected.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      statusVerification: 'rejected',
      comment: 'Fake documents',
    });
    const summary = screen.getByRole('region', { name: 'Agency summary' });
    expect(within(summary).getByText('Rejected')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(3));
    expect(within(section).getByText('Fake documents')).toBeInTheDocument();
  });

  it('lists the agency advertisers with links to their pages', async () => {
    const calls = stubApi(agencyReplies());
    renderWithToasts(<AgencyPage />, { path: `${route}?id=7`, route, profile: writer });
    const section = await screen.findByRole('region', { name: 'Advertisers' });
    expect(await within(section).findByRole('link', { name: /Demo Shop/ })).toHaveAttribute(
      'href',
      '/panel/admin/advertisers/single?id=31',
    );
    expect(within(section).getByRole('link', { name: 'See the advertiser in the list' })).toHaveAttribute(
      'href',
      '/panel/admin/advertisers?agencyId=7',
    );
    expect(within(section).getByText('1,234.56 zł')).toBeInTheDocument();
    expect(Object.fromEntries(calls.find((c) => c.path === '/admin/advertisers')?.query ?? [])).toMatchObject(
      {
        agencyId: '7',
      },
    );
  });

  it('logs in as the agency from its card, keeping the admin token to come back to', async () => {
    clearCookies();
    cookies.set('authToken', 'admin-token');
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const calls = stubApi({
      ...agencyReplies(),
      'POST /admin/agencies/7/auth': [
        200,
        { data: { me: makeMe('agency', { hasSourceUser: true }), authToken: 'agency-token' } },
      ],
    });
    renderWithToasts(<AgencyPage />, { path: `${route}?id=7`, route, profile: writer });
    const card = await screen.findByRole('region', { name: 'Work as this agency' });
    await userEvent.click(within(card).getByRole('button', { name: 'Log in as agency' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/panel/agency'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/admin/agencies/7/auth')).toBe(true);
    expect(cookies.get('sourceToken')).toBe('admin-token');
    expect(cookies.get('authToken')).toBe('agency-token');
    clearCookies();
  });

  it('shows readers everything but no write controls', async () => {
    stubApi(agencyReplies());
    renderWithToasts(<AgencyPage />, { path: `${route}?id=7`, route, profile: reader });
    expect(await screen.findByText('You can view this agency but not change it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Demo Agency');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Verification' });
    expect(within(section).queryByRole('button', { name: 'Change status' })).not.toBeInTheDocument();
    expect(await within(section).findByText('Documents checked')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add an advertiser' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in as agency' })).not.toBeInTheDocument();
  });

  it('says when the agency does not exist', async () => {
    stubApi(referenceReplies);
    renderWithToasts(<AgencyPage />, { path: `${route}?id=404`, route, profile: writer });
    expect(await screen.findByRole('heading', { name: 'Agency not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to agencies/ })).toHaveAttribute(
      'href',
      '/panel/admin/agencies',
    );
  });
});
