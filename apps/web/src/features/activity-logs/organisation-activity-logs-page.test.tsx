import type { ActivityLogDto, ActivityLogUserDto } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { OrganisationActivityLogsPage } from './organisation-activity-logs-page';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const entry = (id: number, overrides: Partial<ActivityLogDto> = {}): ActivityLogDto => ({
  id,
  createdAt: '2024-05-01 10:15:00',
  requestId: `req-${id}`,
  event: 'updated',
  entityType: 'advertiser',
  entityId: '4',
  entityName: null,
  changes: { before: { phone: null }, after: { phone: '+48 1' } },
  ip: null,
  userAgent: null,
  actor: { id: 8, kind: 'advertiser', login: 'advertiser@example.com', name: 'Dorota Sklepowa' },
  impersonator: null,
  agency: { id: 3, name: 'Demo Agency' },
  advertiser: { id: 4, name: 'Demo Shop' },
  currency: null,
  ...overrides,
});
const listOf = (elements: ActivityLogDto[]) =>
  [
    200,
    {
      data: {
        activityLogs: {
          elements,
          meta: {
            page: 1,
            perPage: 25,
            total: elements.length,
            lastPage: 1,
            totalIsEstimate: false,
            nextCursor: null,
          },
        },
      },
    },
  ] as const;
const users: ActivityLogUserDto[] = [
  { id: 7, login: 'agency@example.com', name: 'Adam Agencki', organisation: { id: 3, name: 'Demo Agency' } },
  {
    id: 8,
    login: 'advertiser@example.com',
    name: 'Dorota Sklepowa',
    organisation: { id: 4, name: 'Demo Shop' },
  },
];
const usersReply = (list = users) => [200, { data: { users: { elements: list } } }] as const;

const render = (kind: 'agency' | 'advertiser', profile = makeMe(kind)) =>
  renderPage(<OrganisationActivityLogsPage kind={kind} />, { path: `/panel/${kind}/activity-logs`, profile });

describe('OrganisationActivityLogsPage', () => {
  it("lists the agency's log, with its users to filter by and no organisation filter", async () => {
    const calls = stubApi({
      'GET /agency/activity-logs': listOf([entry(2)]),
      'GET /agency/activity-logs/users': usersReply(),
    });
    render('agency');
    expect(screen.getByRole('heading', { name: 'Activity Logs' })).toBeInTheDocument();
    expect(
      screen.getByText('Who changed what in your agency and its advertisers, and when. Newest first.'),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Dorota Sklepowa')).toBeInTheDocument();
    expect(screen.queryByLabelText('Agency ID')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Advertiser ID')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('User ID')).not.toBeInTheDocument();

    const user = userEvent.setup();
    const select = screen.getByLabelText('User');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All users', 'Adam Agencki · Demo Agency', 'Dorota Sklepowa · Demo Shop']),
    );
    await user.selectOptions(select, 'Dorota Sklepowa · Demo Shop');
    await user.selectOptions(screen.getByLabelText('Event'), 'Updated');
    await user.selectOptions(screen.getByLabelText('Entity type'), 'Campaign');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/agency/activity-logs')).toHaveLength(2));
    expect(
      Object.fromEntries(calls.filter((c) => c.path === '/agency/activity-logs')[1]?.query ?? []),
    ).toEqual({
      actorAccountId: '8',
      event: 'updated',
      entityType: 'campaign',
      perPage: '25',
    });
  });

  it("opens an entry through the organisation's own path", async () => {
    const calls = stubApi({
      'GET /advertiser/activity-logs': listOf([entry(5)]),
      'GET /advertiser/activity-logs/users': usersReply([users[1] as ActivityLogUserDto]),
      'GET /advertiser/activity-logs/5': [200, { data: { activityLog: entry(5) } }],
    });
    render('advertiser');
    expect(screen.getByText('Who changed what in your account, and when. Newest first.')).toBeInTheDocument();
    await userEvent.click(await screen.findByText('Advertiser #4 updated'));
    expect(await screen.findByRole('dialog', { name: 'Advertiser #4 updated' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/advertiser/activity-logs/5');
    // One organisation: the users need no organisation beside their name.
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('User'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All users', 'Dorota Sklepowa']),
    );
  });

  it('refuses roles without the permission, asking the API nothing', () => {
    const calls = stubApi({});
    render('agency', makeMe('agency', { localRole: 'manager', permissions: ['agency-profile:write'] }));
    expect(screen.getByRole('heading', { name: 'Activity Logs' })).toBeInTheDocument();
    expect(screen.getByText('No access')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
