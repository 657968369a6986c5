import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { ConfigurationPage } from '../configuration';
import { makeRegulation, page } from './test-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = makeMe('admin');
const reader = makeMe('admin', {
  localRole: 'viewer',
  permissions: ['configuration:read', 'regulations:read'],
});
const path = '/panel/admin/configs';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}
const show = (profile = admin, query = '?tab=regulations') =>
  renderPage(
    <>
      <ConfigurationPage />
      <Where />
    </>,
    // Any admin path: a button's navigation shows in Where.
    { path: `${path}${query}`, route: '/panel/admin/*', profile },
  );

const current = makeRegulation({
  id: 1,
  version: 1,
  enabled: true,
  current: true,
  acceptanceCount: 3,
  createdAt: '2024-01-10 08:00:00',
});
const draft = makeRegulation({ id: 7, version: 2, locales: ['en'] });
const privacy = makeRegulation({
  id: 2,
  type: 'privacy-policy',
  title: 'Privacy policy',
  version: 1,
  enabled: true,
  current: true,
  acceptanceCount: 3,
});

describe('the Regulations tab of the configuration', () => {
  it('lists the versions with their status, languages and acceptances, linking to each', async () => {
    const calls = stubApi({
      'GET /admin/regulations': [200, { data: { regulations: page([privacy, draft, current]) } }],
    });
    show();
    expect(screen.getByRole('tab', { name: 'Regulations' })).toHaveAttribute('aria-selected', 'true');
    const row = (await screen.findByRole('link', { name: 'Privacy policy' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Version 1')).toBeInTheDocument();
    expect(within(row).getByText('Enabled')).toBeInTheDocument();
    expect(within(row).getByText('Current')).toBeInTheDocument();
    expect(within(row).getByText('EN, PL')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '3' })).toBeInTheDocument();

    const draftRow = screen.getByText('Version 2').closest('tr') as HTMLElement;
    expect(within(draftRow).getByText('Disabled')).toBeInTheDocument();
    expect(within(draftRow).queryByText('Current')).not.toBeInTheDocument();
    expect(within(draftRow).getByRole('link', { name: 'Terms of service' })).toHaveAttribute(
      'href',
      '/panel/admin/regulations/single?id=7',
    );
    expect(calls[0]?.query.has('tab')).toBe(false);
    expect(calls[0]?.query.get('page')).toBe('1');
  });

  it('filters by document and status, searches and sorts through the API', async () => {
    const calls = stubApi({ 'GET /admin/regulations': [200, { data: { regulations: page([current]) } }] });
    show();
    await screen.findByRole('link', { name: 'Terms of service' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Document'), 'Privacy policy');
    await waitFor(() => expect(calls.at(-1)?.query.get('type')).toBe('privacy-policy'));
    await user.selectOptions(screen.getByLabelText('Status'), 'Disabled');
    await waitFor(() => expect(calls.at(-1)?.query.get('enabled')).toBe('false'));
    await user.type(screen.getByLabelText('Search titles and texts'), 'cookies');
    await waitFor(() => expect(calls.at(-1)?.query.get('search')).toBe('cookies'));
    await user.click(screen.getByRole('button', { name: /Version/ }));
    await waitFor(() => expect(calls.at(-1)?.query.get('sort')).toBe('version'));
    expect(calls.at(-1)?.query.get('order')).toBe('asc');
  });

  it('offers a new version of each document to writers only', async () => {
    stubApi({ 'GET /admin/regulations': [200, { data: { regulations: page([current]) } }] });
    show();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'New version: Privacy policy' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/panel/admin/regulations/single?type=privacy-policy',
    );
  });

  it('a reader sees the list without the buttons', async () => {
    stubApi({ 'GET /admin/regulations': [200, { data: { regulations: page([current]) } }] });
    show(reader);
    await screen.findByRole('link', { name: 'Terms of service' });
    expect(screen.queryByRole('button', { name: /New version/ })).not.toBeInTheDocument();
  });

  it('has empty and error states', async () => {
    let fail = false;
    stubApi({
      'GET /admin/regulations': () =>
        fail
          ? [500, { message: 'A critical error occurred, please try again.', code: 500 }]
          : [200, { data: { regulations: page([]) } }],
    });
    const { unmount } = show();
    expect(await screen.findByText('No regulations yet')).toBeInTheDocument();
    unmount();
    fail = true;
    show(admin, '?tab=regulations&page=2');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A critical error occurred, please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is not offered to a role that may not read the regulations', async () => {
    stubApi({ 'GET /admin/countries': [200, { data: { countries: page([]) } }] });
    show(makeMe('admin', { localRole: 'viewer', permissions: ['configuration:read'] }));
    expect(screen.queryByRole('tab', { name: 'Regulations' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Countries' })).toHaveAttribute('aria-selected', 'true');
  });
});
