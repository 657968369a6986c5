import { type GeneratedReportDto, shiftDay } from '@rtb/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi, validationError } from '../../account/account-test-utils';
import { ToastProvider } from '../../shell/toast/toaster';
import { REPORTS_POLL_MS } from './admin-reports-api';
import { AdminReportsPage } from './admin-reports-page';

const PATH = '/panel/admin/reports';
const admin = makeMe('admin');
const viewer = makeMe('admin', { localRole: 'viewer', permissions: ['reports:read'] });

const report = (overrides: Partial<GeneratedReportDto> = {}): GeneratedReportDto => ({
  id: 4,
  type: 'revenue',
  parameters: { from: '2026-11-01', to: '2026-11-30', format: 'xlsx', style: 'locale', locale: 'en' },
  status: 'done',
  progress: 100,
  rows: 1234,
  fileSize: 52_000,
  fileName: 'revenue-2026-11-01-2026-11-30.xlsx',
  error: null,
  createdBy: { id: 1, name: 'Ada Admin' },
  createdAt: '2026-12-01 09:00:00',
  startedAt: '2026-12-01 09:00:01',
  finishedAt: '2026-12-01 09:00:09',
  expiresAt: '2026-12-31 09:00:09',
  ...overrides,
});
const running = report({
  id: 5,
  type: 'top-domains',
  status: 'running',
  progress: 40,
  rows: null,
  fileSize: null,
  fileName: 'top-domains-2026-11-01-2026-11-30.csv',
  parameters: { from: '2026-11-01', to: '2026-11-30', format: 'csv', style: 'iso', locale: 'pl' },
  finishedAt: null,
  expiresAt: null,
});
const list = (...reports: GeneratedReportDto[]) =>
  [
    200,
    {
      data: {
        reports: { elements: reports, meta: { page: 1, perPage: 25, total: reports.length, lastPage: 1 } },
      },
    },
  ] as const;

const show = (profile = admin, query = '') =>
  renderPage(
    <ToastProvider>
      <AdminReportsPage />
    </ToastProvider>,
    { path: `${PATH}${query}`, route: PATH, profile },
  );
const rowOf = async (name: string) =>
  (await screen.findAllByRole('button', { name: new RegExp(`^(Download|Delete) ${name}`) }))[0]?.closest(
    'tr',
  ) as HTMLElement;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  act(() => toast.dismiss());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Admin reports page', () => {
  it('lists reports with their status, a progress bar while one runs, and what a finished one holds', async () => {
    stubApi({ 'GET /admin/reports': list(running, report()) });
    show();
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    const done = await rowOf('Revenue, margin and commission');
    expect(within(done).getByText('Ready')).toBeInTheDocument();
    expect(within(done).getByText(/1,234 rows/)).toBeInTheDocument();
    expect(within(done).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(done).queryByRole('progressbar')).not.toBeInTheDocument();

    const busy = (await screen.findByRole('progressbar', { name: 'Progress of Top domains' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(busy).getByText('Running')).toBeInTheDocument();
    expect(within(busy).getByRole('progressbar')).toHaveAttribute('value', '40');
    expect(within(busy).getByText(/Plain ISO numbers and dates/)).toBeInTheDocument();
    expect(within(busy).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
  });

  it('reads the list again while a report runs, so its progress moves until it can be downloaded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    stubApi({
      'GET /admin/reports': () => {
        reads += 1;
        if (reads === 1) return list(running);
        if (reads === 2) return list({ ...running, progress: 80 });
        return list({
          ...running,
          status: 'done',
          progress: 100,
          rows: 12,
          fileSize: 900,
          expiresAt: '2026-12-31 09:00:00',
        });
      },
    });
    show();
    const bar = await screen.findByRole('progressbar', { name: 'Progress of Top domains' });
    expect(bar).toHaveAttribute('value', '40');
    await act(() => vi.advanceTimersByTimeAsync(REPORTS_POLL_MS));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('value', '80'));
    await act(() => vi.advanceTimersByTimeAsync(REPORTS_POLL_MS));
    expect(await screen.findByRole('button', { name: /^Download Top domains/ })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // Nothing runs any more: no further reads.
    await act(() => vi.advanceTimersByTimeAsync(REPORTS_POLL_MS * 3));
    expect(reads).toBe(3);
  });

  it('shows an empty state that offers to generate the first report', async () => {
    stubApi({ 'GET /admin/reports': list() });
    show();
    expect(await screen.findByText('No reports yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Generate a report' })).toHaveLength(2);
  });

  it('generates a report from the side panel, with the API’s field errors on the fields', async () => {
    let attempts = 0;
    const calls = stubApi({
      'GET /admin/reports': list(),
      'POST /admin/reports': () => {
        attempts += 1;
        return attempts === 1
          ? validationError({ from: ['A report covers at most 366 days.'] })
          : [201, { data: { report: report({ status: 'queued', progress: 0 }) } }];
      },
    });
    show();
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Generate a report' }))[0] as HTMLElement);
    const panel = await screen.findByRole('dialog', { name: 'Generate a report' });
    await user.selectOptions(within(panel).getByLabelText('Report'), 'conversions');
    expect(within(panel).getByText(/Post-click and post-view conversions/)).toBeInTheDocument();
    await user.selectOptions(within(panel).getByLabelText('File format'), 'csv');
    await user.selectOptions(within(panel).getByLabelText('CSV numbers and dates'), 'iso');
    await user.selectOptions(within(panel).getByLabelText('Language of the headers'), 'pl');
    await user.click(within(panel).getByRole('button', { name: 'Generate' }));
    expect(await within(panel).findByText('A report covers at most 366 days.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('The report is queued.')).toBeInTheDocument();
    const posted = calls.filter((c) => c.method === 'POST' && c.path === '/admin/reports');
    expect(posted[1]?.body).toMatchObject({ type: 'conversions', format: 'csv', style: 'iso', locale: 'pl' });
    expect(posted[1]?.body?.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The list is read again to show the new report.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/admin/reports' && c.method === 'GET').length).toBe(2),
    );
  });

  it('proposes the last 30 UTC days up to today, so a first report holds today’s traffic', async () => {
    const calls = stubApi({
      'GET /admin/reports': list(),
      'POST /admin/reports': [201, { data: { report: report({ status: 'queued', progress: 0 }) } }],
    });
    show();
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Generate a report' }))[0] as HTMLElement);
    const panel = await screen.findByRole('dialog', { name: 'Generate a report' });
    await user.click(within(panel).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('The report is queued.')).toBeInTheDocument();
    const today = new Date().toISOString().slice(0, 10);
    const posted = calls.find((c) => c.method === 'POST' && c.path === '/admin/reports');
    expect(posted?.body).toMatchObject({ from: shiftDay(today, -29), to: today });
  });

  it('downloads a finished report through a one-time download link in a new tab', async () => {
    const calls = stubApi({
      'GET /admin/reports': list(report()),
      'POST /admin/download-links': [
        200,
        { data: { url: '/api/admin/reports/4/download?authorization=once' } },
      ],
    });
    const tab = { opener: window as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    show();
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Download Revenue, margin and commission (revenue-2026-11-01-2026-11-30.xlsx)',
      }),
    );
    await waitFor(() =>
      expect(tab.location.href).toMatch(/\/api\/admin\/reports\/4\/download\?authorization=once$/),
    );
    expect(calls.find((c) => c.path === '/admin/download-links')?.body).toEqual({
      path: '/api/admin/reports/4/download',
    });
  });

  it('deletes a report after asking', async () => {
    const calls = stubApi({
      'GET /admin/reports': list(report()),
      'DELETE /admin/reports/4': [200, { data: { status: 'deleted' } }],
    });
    show();
    await userEvent.click(
      await screen.findByRole('button', { name: /^Delete Revenue, margin and commission/ }),
    );
    expect(window.confirm).toHaveBeenCalledWith('Delete this report and its file?');
    expect(await screen.findByText('The report was deleted.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/admin/reports/4')).toBe(true);
  });

  it('lets a read-only admin download but neither generate nor delete', async () => {
    stubApi({ 'GET /admin/reports': list(report()) });
    show(viewer);
    const row = await rowOf('Revenue, margin and commission');
    expect(within(row).getByRole('button', { name: /^Download/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate a report' })).not.toBeInTheDocument();
  });

  it('filters by report type and status through the API', async () => {
    const calls = stubApi({ 'GET /admin/reports': list(report()) });
    show();
    await rowOf('Revenue, margin and commission');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await user.selectOptions(screen.getByLabelText('Report'), 'invalid-traffic');
    await waitFor(() => {
      const query = calls.filter((c) => c.path === '/admin/reports').at(-1)?.query;
      expect(query?.get('status')).toBe('failed');
      expect(query?.get('type')).toBe('invalid-traffic');
    });
  });
});
