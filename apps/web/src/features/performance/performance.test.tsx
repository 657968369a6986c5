import { type ActivityLogDto, type RtbViewStatus, viewStatusOf } from '@rtb/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { currenciesReply } from '../agencies/test-utils';
import { makeCampaign, makeListItem, page } from '../campaigns/test-fixtures';
import { answer, delivered, makeReport, reportTestHooks, winterSale, writer } from '../reports/test-fixtures';
import { AdvertiserHomePage } from './advertiser-home-page';
import { CampaignPerformance } from './campaign-performance';

reportTestHooks();

const status: RtbViewStatus = {
  products: viewStatusOf('Ok', 'productsActive', false, { count: 120 }),
  tags: viewStatusOf('Warning', 'tagsSilent', true),
  banners: viewStatusOf('Ok', 'bannersApproved', false, { approved: 3, pending: 0, rejected: 0 }),
  reports: viewStatusOf('Ok', 'reportsDelivering', false),
  campaigns: viewStatusOf('Ok', 'campaignsServing', false),
};

const campaignsReply = [
  200,
  {
    data: {
      campaigns: page([
        makeListItem({ id: 1, name: 'Serving fine', pacingToday: 'on_track' }),
        makeListItem({
          id: 2,
          name: 'Out of money',
          pacingToday: null,
          servingStatus: { serving: false, reasons: [{ code: 'funds_exhausted' }] },
        }),
        makeListItem({ id: 3, name: 'Too slow', pacingToday: 'behind' }),
      ]),
    },
  },
] as const;

/** The figures of a row of the KPI table, by its heading. */
const kpiRow = (name: string) =>
  within(screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the advertiser home page', () => {
  it('shows today, yesterday and the week, the campaigns needing attention and the integration areas', async () => {
    const calls = stubApi({
      'GET /advertiser/reports': answer(),
      'GET /advertiser/campaigns': campaignsReply,
      'GET /advertiser/rtb-views/status': [200, { data: { rtbViewStatus: status } }],
      'GET /currencies': currenciesReply,
    });
    renderPage(<AdvertiserHomePage />, { path: '/panel/advertiser/home', profile: writer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    // The report's last day is today, the one before yesterday; the week is its totals.
    expect(await screen.findByRole('columnheader', { name: 'Today 12.01.2026' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Yesterday 11.01.2026' })).toBeInTheDocument();
    expect(
      screen.getByRole('columnheader', { name: 'Last 7 days 10.01.2026–12.01.2026' }),
    ).toBeInTheDocument();
    expect(kpiRow('Impressions')).toEqual(['0', '0', '1,093']);
    expect(await screen.findByText('2.71 zł')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/advertiser/reports')?.query.get('time')).toBe('day');

    const attention = screen.getByRole('region', { name: 'Campaigns needing attention' });
    expect(within(attention).queryByRole('link', { name: 'Serving fine' })).not.toBeInTheDocument();
    expect(within(attention).getByRole('link', { name: 'Out of money' })).toHaveAttribute(
      'href',
      '/panel/advertiser/campaigns/2',
    );
    expect(within(attention).getByRole('link', { name: 'Too slow' })).toBeInTheDocument();
    expect(within(attention).getByText('Behind')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/advertiser/campaigns')?.query.get('status')).toBe('active');

    const areas = screen.getByRole('region', { name: 'Integration status' });
    expect(within(areas).getByRole('link', { name: 'Tags' })).toHaveAttribute(
      'href',
      '/panel/advertiser/integrations',
    );
  });

  it('says so when nothing needs attention, in Polish too', async () => {
    await i18n.changeLanguage('pl');
    stubApi({
      'GET /advertiser/reports': answer(),
      'GET /advertiser/campaigns': [
        200,
        { data: { campaigns: page([makeListItem({ pacingToday: null })]) } },
      ],
      'GET /advertiser/rtb-views/status': [200, { data: { rtbViewStatus: status } }],
      'GET /currencies': currenciesReply,
    });
    renderPage(<AdvertiserHomePage />, { path: '/panel/advertiser/home', profile: writer });
    expect(await screen.findByText('Każda aktywna kampania się emituje.')).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Dziś 12.01.2026' })).toBeInTheDocument();
  });
});

const budgetChange: ActivityLogDto = {
  id: 9,
  createdAt: '2026-01-12 09:15:00',
  requestId: null,
  event: 'updated',
  entityType: 'campaign',
  entityId: '1',
  entityName: 'Spring sale',
  changes: { before: { dailyBudget: 5_000 }, after: { dailyBudget: 10_000 } },
  ip: null,
  userAgent: null,
  actor: { id: 3, kind: 'advertiser', login: 'ann@example.com', name: 'Ann Shop' },
  impersonator: null,
  agency: null,
  advertiser: { id: 4, name: 'Demo Shop' },
  currency: { id: 1, code: 'PLN', isoCode: 'PLN', symbol: 'zł' },
};

describe("a campaign's performance tab", () => {
  it("reads today's pace against the budget, the creatives' figures and the change history", async () => {
    // 12:30 in Warsaw: the even line of a 100.00 zł day stands at 13/24 of it by 13:00.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-12T11:30:00Z'));
    const hours = Array.from({ length: 24 }, (_, hour) => ({
      ...delivered,
      period: `2026-01-12 ${String(hour).padStart(2, '0')}:00`,
      spendMicros: hour < 12 ? 2_500_000 : 0,
    }));
    const calls = stubApi({
      'GET /advertiser/reports': (call) => {
        if (call.query.get('time') === 'hour')
          return answer(
            makeReport({
              time: 'hour',
              from: '2026-01-12',
              to: '2026-01-12',
              chart: hours,
              totals: { ...delivered, spendMicros: 30_000_000 },
            }),
          );
        if (call.query.get('by') === 'creative')
          return answer(
            makeReport({
              time: 'none',
              by: 'creative',
              rows: page([{ ...winterSale, name: 'Hero 300x250' }]),
            }),
          );
        return answer();
      },
      'GET /advertiser/campaigns/1/history': [
        200,
        {
          data: {
            activityLogs: {
              elements: [budgetChange],
              meta: { page: 1, perPage: 10, total: 1, lastPage: 1, totalIsEstimate: false, nextCursor: null },
            },
          },
        },
      ],
      'GET /currencies': currenciesReply,
    });
    const campaign = makeCampaign({
      id: 1,
      dailyBudget: 10_000,
      derivedDailyBudget: null,
      pacingToday: 'on_track',
    });
    renderPage(<CampaignPerformance campaign={campaign} />, {
      path: '/panel/advertiser/campaigns/1',
      profile: writer,
    });
    const pacing = await screen.findByRole('figure', { name: /Pacing today/ });
    expect(within(pacing).getByText('On track')).toBeInTheDocument();
    expect(
      await within(pacing).findByText(
        /Spent 30\.00 zł of the daily budget of 100\.00 zł; by 13:00 the even line stands at 54\.17 zł\./,
      ),
    ).toBeInTheDocument();
    const hourly = calls.find((call) => call.query.get('time') === 'hour');
    expect(Object.fromEntries(hourly?.query ?? [])).toEqual({
      time: 'hour',
      campaignId: '1',
      from: '2026-01-12',
      to: '2026-01-12',
    });

    const creatives = screen.getByRole('region', { name: 'Creatives, last 7 days' });
    expect(await within(creatives).findByRole('cell', { name: 'Hero 300x250' })).toBeInTheDocument();

    expect(await screen.findByText('Campaign "Spring sale" updated')).toBeInTheDocument();
    expect(screen.getByText('Daily budget: 50.00 zł → 100.00 zł')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the full report' })).toHaveAttribute(
      'href',
      '/panel/advertiser/reports?campaignId=1',
    );
    vi.useRealTimers();
  });
});
