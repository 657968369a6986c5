import { campaignMessages, IDEMPOTENCY_KEY_HEADER } from '@rtb/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../account/account-test-utils';
import { Providers } from '../../app/providers';
import { queryClient, withQueryClient } from '../../app/query-client';
import { RootLayout } from '../../app/root-layout';
import { ProfileProvider } from '../../auth/profile-context';
import { currenciesReply, pageTestHooks, renderWithToasts } from '../agencies/test-utils';
import { CampaignsPage } from './campaigns-page';
import { makeListItem, page, reader, writer } from './test-fixtures';

pageTestHooks();

const path = '/panel/advertiser/campaigns';
const serving = makeListItem();
const scheduled = makeListItem({
  id: 2,
  name: 'Summer teaser',
  status: 'draft',
  startDate: '2026-06-01',
  endDate: null,
  totalBudget: null,
  dailyBudget: 5000,
  derivedDailyBudget: null,
  servingStatus: {
    serving: false,
    reasons: [{ code: 'draft' }, { code: 'scheduled', date: '2026-06-01' }, { code: 'no_approved_creative' }],
  },
  stats: { spendTodayMicros: 0, spendTotalMicros: 0, impressions: 0, clicks: 0, ctr: null },
});
const list = [200, { data: { campaigns: page([serving, scheduled]) } }] as const;
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('CampaignsPage', () => {
  it('says in words why a campaign does not serve, with the start day and where to fix it', async () => {
    stubApi({ 'GET /advertiser/campaigns': list });
    renderWithToasts(<CampaignsPage />, { path, profile: writer });
    await screen.findByRole('link', { name: 'Summer teaser' });

    const teaser = within(rowOf('Summer teaser'));
    expect(teaser.getByText('Not serving')).toBeInTheDocument();
    expect(teaser.getByText(/Scheduled to start on 01\.06\.2026/)).toBeInTheDocument();
    expect(teaser.getByText(/Draft: activate it to run/)).toBeInTheDocument();
    expect(teaser.getByText(/No approved banner/)).toBeInTheDocument();
    expect(teaser.getByRole('link', { name: 'Go to banners' })).toHaveAttribute(
      'href',
      '/panel/advertiser/banners',
    );
    // Draft and scheduled are both fixed in the campaign: one link for both.
    const toCampaign = teaser.getAllByRole('link', { name: 'Change the campaign' });
    expect(toCampaign).toHaveLength(1);
    expect(toCampaign[0]).toHaveAttribute('href', '/panel/advertiser/campaigns/2');
    expect(within(rowOf('Spring sale')).getByText('Serving')).toBeInTheDocument();
  });

  it("writes money with the symbol of the platform's currency, as the payments do", async () => {
    stubApi({ 'GET /advertiser/campaigns': list, 'GET /currencies': currenciesReply });
    renderWithToasts(<CampaignsPage />, { path, profile: writer });
    await screen.findByRole('link', { name: 'Spring sale' });
    const sale = rowOf('Spring sale');
    await waitFor(() => expect(sale).toHaveTextContent('Total 3,000.00 zł'));
    expect(sale).toHaveTextContent('Daily 100.00 zł (derived)');
    expect(sale).toHaveTextContent('Today 12.34 zł');
    expect(sale).toHaveTextContent('In total 1,234.56 zł');
    expect(sale).toHaveTextContent('4.50 zł');
    expect(sale).not.toHaveTextContent('PLN');
  });

  it('shows each bid strategy: its value (a maximum CPM, a target amount or percent) over its name', async () => {
    const cpa = makeListItem({
      id: 3,
      name: 'Buyers',
      goal: { kind: 'targetCpa', targetCpaMicros: 25_500_000 },
    });
    const roas = makeListItem({
      id: 4,
      name: 'Returns',
      goal: { kind: 'targetRoas', targetRoasBps: 40_050 },
      maxCpm: null,
    });
    stubApi({ 'GET /advertiser/campaigns': [200, { data: { campaigns: page([serving, cpa, roas]) } }] });
    renderWithToasts(<CampaignsPage />, { path, profile: writer });
    await screen.findByRole('link', { name: 'Spring sale' });
    const bidOf = (name: string) => within(rowOf(name)).getAllByRole('cell').at(-3);
    expect(bidOf('Spring sale')).toHaveTextContent(/^4\.50 PLNMax CPM$/);
    expect(bidOf('Buyers')).toHaveTextContent(/^25\.50 PLNTarget CPA$/);
    expect(bidOf('Returns')).toHaveTextContent(/^400\.50%Target ROAS$/);
  });

  it('shows schedule, budgets (the derived daily one marked), spend, counters and a dash for no CTR', async () => {
    stubApi({ 'GET /advertiser/campaigns': list });
    renderWithToasts(<CampaignsPage />, { path, profile: writer });
    await screen.findByRole('link', { name: 'Spring sale' });

    const sale = rowOf('Spring sale');
    expect(sale).toHaveTextContent('01.03.2026 – 31.03.2026');
    expect(sale).toHaveTextContent('Total 3,000.00 PLN');
    expect(sale).toHaveTextContent('Daily 100.00 PLN (derived)');
    expect(sale).toHaveTextContent('Today 12.34 PLN');
    expect(sale).toHaveTextContent('In total 1,234.56 PLN');
    expect(sale).toHaveTextContent('4.50 PLN');
    expect(sale).toHaveTextContent('12,345');
    expect(sale).toHaveTextContent('0.54%');

    const teaser = rowOf('Summer teaser');
    expect(teaser).toHaveTextContent('From 01.06.2026, no end');
    expect(teaser).toHaveTextContent('No total budget');
    expect(teaser).toHaveTextContent('Daily 50.00 PLN');
    expect(teaser).not.toHaveTextContent('(derived)');
    const cells = within(teaser).getAllByRole('cell');
    expect(cells.at(-1)).toHaveTextContent('–');
    expect(cells.at(-1)).toHaveTextContent('No impressions yet');
  });

  it('keeps to nine compact columns so the list fits 1440 px: serving under status, CTR under clicks, duplicate under the name', async () => {
    // Measured in Chromium at 1440 px (en and pl): the table is as wide as its box, 1153 px.
    stubApi({ 'GET /advertiser/campaigns': list });
    renderWithToasts(<CampaignsPage />, { path, profile: writer });
    await screen.findByRole('link', { name: 'Spring sale' });
    expect(
      screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[↕▲▼]/g, '')),
    ).toEqual(['', 'Name', 'Status', 'Schedule', 'Budgets', 'Spend', 'Bid', 'Impressions', 'Clicks / CTR']);
    expect(screen.getByRole('table')).toHaveClass('compact');
    const [name, status, , , , , , clicks] = within(rowOf('Spring sale')).getAllByRole('cell').slice(1);
    expect(
      within(name as HTMLElement).getByRole('button', { name: 'Duplicate Spring sale' }),
    ).toBeInTheDocument();
    expect(status).toHaveTextContent('Active');
    expect(status).toHaveTextContent('Serving');
    expect(clicks).toHaveTextContent('0.54%');
  });

  it('sends search, filters and sort to the API', async () => {
    const calls = stubApi({ 'GET /advertiser/campaigns': list });
    renderWithToasts(<CampaignsPage />, { path, profile: writer });
    await screen.findByRole('link', { name: 'Spring sale' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'Paused');
    await user.selectOptions(screen.getByLabelText('Serving'), 'Not serving');
    await user.click(screen.getByRole('button', { name: /Schedule/ }));
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)?.query ?? [])).toMatchObject({
        status: 'paused',
        serving: 'not_serving',
        sort: 'startDate',
        order: 'asc',
      }),
    );
  });

  it('sorts by spend and by impressions on the server, the biggest first on a second click', async () => {
    const calls = stubApi({ 'GET /advertiser/campaigns': list });
    renderWithToasts(<CampaignsPage />, { path, profile: writer });
    await screen.findByRole('link', { name: 'Spring sale' });
    const user = userEvent.setup();
    const sortOf = () => Object.fromEntries(calls.at(-1)?.query ?? []);
    await user.click(screen.getByRole('button', { name: /Spend/ }));
    await waitFor(() => expect(sortOf()).toMatchObject({ sort: 'spend', order: 'asc' }));
    await user.click(screen.getByRole('button', { name: /Spend/ }));
    await waitFor(() => expect(sortOf()).toMatchObject({ sort: 'spend', order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /Spend/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /Impressions/ }));
    await waitFor(() => expect(sortOf()).toMatchObject({ sort: 'impressions', order: 'asc' }));
  });

  it('pauses the picked campaigns and says why one was left as it was', async () => {
    const calls = stubApi({
      'GET /advertiser/campaigns': list,
      'POST /advertiser/campaigns/bulk-status': [
        200,
        {
          data: {
            campaignBulk: {
              updated: [1],
              skipped: [
                {
                  id: 2,
                  message: campaignMessages.statusChangeNotAllowed
                    .replace('{from}', 'draft')
                    .replace('{to}', 'paused'),
                  error: 'campaigns.status_change_not_allowed',
                  params: { from: 'draft', to: 'paused' },
                },
              ],
            },
          },
        },
      ],
    });
    renderWithToasts(<CampaignsPage />, { path, profile: writer });
    await screen.findByRole('link', { name: 'Spring sale' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select every campaign shown' }));
    expect(screen.getByRole('checkbox', { name: 'Select Spring sale' })).toBeChecked();
    const bulk = screen.getByRole('region', { name: 'Selected campaigns' });
    expect(bulk).toHaveTextContent('2 campaigns selected');
    await user.click(within(bulk).getByRole('button', { name: 'Pause' }));

    // The app's own dialog asks, not the browser's.
    const dialog = screen.getByRole('dialog', { name: 'Confirm your choice' });
    expect(dialog).toHaveAccessibleDescription('Pause 2 campaigns?');
    expect(window.confirm).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('1 campaign changed.')).toBeInTheDocument();
    expect(screen.getByText('1 campaign was left as it was:')).toBeInTheDocument();
    expect(screen.getByText('Summer teaser: A campaign cannot go from draft to paused.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/advertiser/campaigns/bulk-status')?.body).toEqual({
      ids: [1, 2],
      status: 'paused',
    });
    expect(screen.queryByRole('region', { name: 'Selected campaigns' })).not.toBeInTheDocument();
  });

  it('asks before a bulk action in a dialog that takes the focus; Escape or Cancel does nothing', async () => {
    const calls = stubApi({ 'GET /advertiser/campaigns': list });
    renderWithToasts(<CampaignsPage />, { path, profile: writer });
    await screen.findByRole('link', { name: 'Spring sale' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Spring sale' }));
    const archive = screen.getByRole('button', { name: 'Archive' });
    await user.click(archive);
    const dialog = screen.getByRole('dialog', { name: 'Confirm your choice' });
    expect(dialog).toHaveAccessibleDescription('Archive 1 campaign? It stops serving.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(archive).toHaveFocus();

    await user.click(archive);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.confirm).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('duplicates a campaign and links to the copy; a retry after a lost answer sends the same key', async () => {
    const copy = { ...serving, id: 9, name: 'Spring sale (copy)', status: 'draft' as const };
    let failFirst = true;
    const calls = stubApi({
      'GET /advertiser/campaigns': list,
      'POST /advertiser/campaigns/1/duplicate': () => {
        if (!failFirst) return [201, { data: { campaign: { ...copy, banners: [] } } }];
        failFirst = false;
        // The connection drops: whether the copy was made is not known.
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithToasts(<CampaignsPage />, { path, profile: writer });
    await screen.findByRole('link', { name: 'Spring sale' });
    const duplicate = () => userEvent.click(screen.getByRole('button', { name: 'Duplicate Spring sale' }));
    await duplicate();
    await screen.findByText('Communication error');
    await duplicate();
    expect(await screen.findByText(/Copied as Spring sale \(copy\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the copy' })).toHaveAttribute(
      'href',
      '/panel/advertiser/campaigns/9',
    );
    expect(calls.filter((call) => call.path === '/advertiser/campaigns').length).toBeGreaterThan(1);
    // Another click after the copy was made asks for another one: a new key.
    await duplicate();
    await waitFor(() => expect(screen.getAllByText(/Copied as Spring sale \(copy\)/)).toHaveLength(2));
    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers[IDEMPOTENCY_KEY_HEADER]);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[\w-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('in the app as main.tsx and the router put it together, the toast’s link to the copy works and the page stays', async () => {
    queryClient.clear();
    const copy = { ...serving, id: 9, name: 'Spring sale (copy)', status: 'draft' as const };
    stubApi({
      'GET /advertiser/campaigns': list,
      'POST /advertiser/campaigns/1/duplicate': [201, { data: { campaign: { ...copy, banners: [] } } }],
    });
    const signedIn = (page: ReactNode) => <ProfileProvider initial={writer}>{page}</ProfileProvider>;
    // The router gives the pages it loads lazily the query cache.
    const Page = withQueryClient(CampaignsPage);
    const router = createMemoryRouter(
      [
        {
          element: <RootLayout />,
          children: [
            { path, element: signedIn(<Page />) },
            { path: `${path}/:id`, element: <h1>The copy</h1> },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate Spring sale' }));
    const open = await screen.findByRole('link', { name: 'Open the copy' });
    expect(screen.getByText(/Copied as Spring sale \(copy\)/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeInTheDocument();
    await userEvent.click(open);
    expect(await screen.findByRole('heading', { level: 1, name: 'The copy' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/panel/advertiser/campaigns/9');
  });

  it('calls to create the first campaign when there is none', async () => {
    stubApi({ 'GET /advertiser/campaigns': [200, { data: { campaigns: page([]) } }] });
    renderWithToasts(<CampaignsPage />, { path, profile: writer });
    expect(await screen.findByText('No campaigns yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first campaign' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/panel/advertiser/campaigns/new');
  });

  it('hides every change from a user who may only read campaigns', async () => {
    stubApi({ 'GET /advertiser/campaigns': list });
    renderWithToasts(<CampaignsPage />, { path, profile: reader });
    await screen.findByRole('link', { name: 'Spring sale' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Duplicate/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add campaign' })).not.toBeInTheDocument();
  });
});
