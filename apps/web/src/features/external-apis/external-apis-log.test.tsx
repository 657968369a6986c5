import type { LogExternalApiDto } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { formatDateTime } from '../../lib/format';
import { ActivityLogsPage, type ActivityLogsPath } from '../activity-logs';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const call = (id: number, overrides: Partial<LogExternalApiDto> = {}): LogExternalApiDto => ({
  id,
  createdAt: '2024-05-01 10:15:00',
  service: 'url-verify',
  method: 'HEAD',
  url: 'https://shop.example/',
  statusCode: 200,
  durationMs: 84,
  error: null,
  ...overrides,
});
const page = (elements: LogExternalApiDto[], meta = {}) =>
  [
    200,
    {
      data: {
        logExternalApis: {
          elements,
          meta: { page: 1, perPage: 25, total: elements.length, lastPage: 1, ...meta },
        },
      },
    },
  ] as const;
const activity = [
  200,
  {
    data: {
      activityLogs: {
        elements: [],
        meta: { page: 1, perPage: 25, total: 0, lastPage: 1, totalIsEstimate: false, nextCursor: null },
      },
    },
  },
] as const;

function Where() {
  return <p data-testid="where">{useLocation().search}</p>;
}
const path = '/panel/admin/activity-logs';
const show = (query = '?view=external-apis', apiPath?: ActivityLogsPath) =>
  renderPage(
    <>
      <ActivityLogsPage {...(apiPath ? { apiPath } : {})} />
      <Where />
    </>,
    { path: `${path}${query}`, route: path, profile: makeMe('admin') },
  );

describe('the External APIs tab of the activity logs', () => {
  it('lists the calls: time, service, method, URL, status, duration and error', async () => {
    stubApi({
      'GET /admin/log-external-apis': page([
        call(3, {
          url: 'http://10.0.0.1/',
          statusCode: null,
          durationMs: 1,
          error: '10.0.0.1 is a private address',
        }),
        call(2, { method: 'GET', url: 'https://shop.example/missing', statusCode: 404, durationMs: 1250 }),
        call(1),
      ]),
    });
    show();
    expect(screen.getByRole('tab', { name: 'External APIs' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('http://10.0.0.1/');
    const table = screen.getByRole('table', { name: 'Outgoing calls to external services, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    const time = formatDateTime('2024-05-01 10:15:00');
    expect(cells(rows[0])).toEqual([
      time,
      'URL check',
      'HEAD',
      'http://10.0.0.1/',
      'No answer',
      '1 ms',
      '10.0.0.1 is a private address',
    ]);
    expect(cells(rows[1])).toEqual([
      time,
      'URL check',
      'GET',
      'https://shop.example/missing',
      '404',
      '1250 ms',
      '—',
    ]);
    expect(cells(rows[2])).toEqual([time, 'URL check', 'HEAD', 'https://shop.example/', '200', '84 ms', '—']);
  });

  it('sends the filters and the page to the API, and keeps them in the URL', async () => {
    const calls = stubApi({ 'GET /admin/log-external-apis': page([call(1)], { total: 60, lastPage: 3 }) });
    show();
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Outcome'), 'Failed');
    await user.selectOptions(screen.getByLabelText('Service'), 'URL check');
    await user.type(screen.getByLabelText('From'), '01.05.2024');
    await user.type(screen.getByRole('searchbox', { name: 'Search URLs' }), 'shop');
    await waitFor(() => expect(calls.at(-1)?.query.get('search')).toBe('shop'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('page')).toBe('2'));
    expect(Object.fromEntries(calls.at(-1)?.query ?? [])).toEqual({
      page: '2',
      search: 'shop',
      service: 'url-verify',
      outcome: 'error',
      from: '2024-05-01',
    });
    expect(screen.getByTestId('where')).toHaveTextContent('view=external-apis');
  });

  it('refuses an end day before the start day on the field, without asking', async () => {
    const calls = stubApi({ 'GET /admin/log-external-apis': page([call(1)]) });
    show('?view=external-apis&from=2024-05-10');
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('To'), '01.05.2024');
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(1);
  });

  it('shows the empty state, and the filtered one', async () => {
    stubApi({ 'GET /admin/log-external-apis': page([]) });
    const first = show();
    expect(await screen.findByText('No outgoing calls yet')).toBeInTheDocument();
    first.unmount();
    show('?view=external-apis&outcome=error');
    expect(await screen.findByText('No calls match these filters')).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    stubApi({
      'GET /admin/log-external-apis': () =>
        fail ? [403, { message: 'Access denied: insufficient permissions.', code: 403 }] : page([call(1)]),
    });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied: insufficient permissions.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('switches between the activity log and the external-API log, each from its start', async () => {
    const calls = stubApi({
      'GET /admin/activity-logs': activity,
      'GET /admin/log-external-apis': page([call(1)]),
    });
    show('?event=created');
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No entries match these filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'External APIs' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\?view=external-apis$/);
    await screen.findByRole('table');
    expect(calls.at(-1)?.path).toBe('/admin/log-external-apis');
    screen.getByRole('tab', { name: 'External APIs' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveFocus();
    expect(screen.getByTestId('where')).toBeEmptyDOMElement();
  });

  it("is not part of an organisation's own activity log", async () => {
    const calls = stubApi({ 'GET /agency/activity-logs': activity });
    show('?view=external-apis', '/agency/activity-logs');
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    const paths = calls.map((c) => c.path);
    expect(paths).toContain('/agency/activity-logs');
    expect(paths).not.toContain('/admin/log-external-apis');
  });
});
