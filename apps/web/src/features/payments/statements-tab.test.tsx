import type { StatementDto } from '@rtb/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { statementMonths } from './statement-months';
import { StatementsTab } from './statements-tab';
import { list, pln } from './test-fixtures';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 5, 15, 12, 0));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const spendLine = (day: string, amount: number, postings: number) => ({
  id: postings,
  at: `${day} 21:00:00`,
  day,
  type: 'spend' as const,
  postings,
  advertiser: { id: 4, name: 'Demo Shop' },
  campaign: { id: 7, name: 'Winter sale' },
  counterparty: null,
  reason: null,
  invoice: null,
  amount,
  balance: 0,
});

const makeStatement = (overrides: Partial<StatementDto> = {}): StatementDto => ({
  kind: 'advertiser',
  organisation: { id: 4, name: 'Demo Shop' },
  month: '2026-05',
  from: '2026-05-01',
  to: '2026-05-31',
  complete: true,
  timeZone: 'Europe/Warsaw',
  madeAt: '2026-06-15 10:00:00',
  currency: pln,
  accounts: [
    {
      account: 'balance',
      opening: 50_000,
      credits: 100_000,
      debits: -18_000,
      closing: 132_000,
      totals: [
        { type: 'manual_top_up', lines: 1, amount: 100_000 },
        { type: 'spend', lines: 2, amount: -18_000 },
      ],
      lines: [
        {
          ...spendLine('2026-05-01', 0, 1),
          type: 'manual_top_up',
          postings: 1,
          campaign: null,
          amount: 100_000,
          balance: 150_000,
        },
        { ...spendLine('2026-05-10', -8_000, 563), balance: 142_000 },
        { ...spendLine('2026-05-11', -10_000, 600), balance: 132_000 },
      ],
    },
  ],
  ...overrides,
});

const advertiser = makeMe('advertiser');
const agency = makeMe('agency');
const path = '/panel/advertiser/payments';

describe('StatementsTab', () => {
  it('shows the last complete month: opening, totals per operation, money in and out, closing', async () => {
    const calls = stubApi({
      'GET /advertiser/statements/2026-05': [200, { data: { statement: makeStatement() } }],
    });
    renderPage(<StatementsTab kind="advertiser" />, { path, profile: advertiser });
    const month = screen.getByLabelText('Month');
    expect(month).toHaveValue('2026-05');
    expect(within(month).getByRole('option', { name: 'June 2026 (to date)' })).toBeInTheDocument();
    expect(within(month).getAllByRole('option')).toHaveLength(25);

    const account = await screen.findByRole('region', { name: 'Own balance' });
    const value = (term: string) =>
      within(account).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Opening balance')).toBe('500.00 zł');
    expect(value('Money in')).toBe('1,000.00 zł');
    expect(value('Money out')).toBe('-180.00 zł');
    expect(value('Closing balance')).toBe('1,320.00 zł');
    expect(within(account).getByText('Campaign spend').closest('dt')).toHaveTextContent(
      'Campaign spend2 lines',
    );
    expect(within(account).getByText('-180.00 zł', { selector: 'dd span' })).toBeInTheDocument();
    expect(screen.getByText('01.05.2026 – 31.05.2026')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/advertiser/statements'))).toHaveLength(1);
  });

  it('downloads the PDF and CSV through a download link, in the interface language', async () => {
    await act(() => i18n.changeLanguage('pl'));
    const calls = stubApi({
      'GET /advertiser/statements/2026-05': [200, { data: { statement: makeStatement() } }],
      'POST /advertiser/download-links': [
        200,
        { data: { url: '/api/advertiser/statements/2026-05/download?x' } },
      ],
    });
    const tab = { opener: window as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPage(<StatementsTab kind="advertiser" />, { path, profile: advertiser });
    expect(await screen.findByRole('heading', { name: 'Wyciąg miesięczny' })).toBeInTheDocument();
    expect(screen.getByLabelText('Miesiąc')).toHaveDisplayValue('maj 2026');
    const account = await screen.findByRole('region', { name: 'Saldo własne' });
    expect(within(account).getByText('Saldo końcowe')).toBeInTheDocument();
    expect(within(account).getByText('2 pozycje')).toBeInTheDocument();

    const downloads = screen.getByRole('region', { name: 'Pobierz wyciąg' });
    const user = userEvent.setup();
    await user.click(within(downloads).getByRole('button', { name: 'PDF' }));
    await user.click(within(downloads).getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/advertiser/download-links')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/advertiser/download-links').map((c) => c.body)).toEqual([
      { path: '/api/advertiser/statements/2026-05/download?format=pdf&locale=pl' },
      { path: '/api/advertiser/statements/2026-05/download?format=csv&locale=pl' },
    ]);
  });

  it('says so for a month without movements, and for an organisation without money', async () => {
    const quiet = makeStatement({
      month: '2026-04',
      from: '2026-04-01',
      to: '2026-04-30',
      accounts: [
        { account: 'balance', opening: 7_000, closing: 7_000, credits: 0, debits: 0, totals: [], lines: [] },
      ],
    });
    stubApi({
      'GET /advertiser/statements/2026-05': [200, { data: { statement: makeStatement({ accounts: [] }) } }],
      'GET /advertiser/statements/2026-04': [200, { data: { statement: quiet } }],
    });
    renderPage(<StatementsTab kind="advertiser" />, { path, profile: advertiser });
    expect(await screen.findByText('No money has moved yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Month'), '2026-04');
    expect(await screen.findByText('No movements in April 2026')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Own balance' })).toHaveTextContent('70.00 zł');
    // In Polish the month's name stays in the nominative the picker shows it in.
    await act(() => i18n.changeLanguage('pl'));
    expect(await screen.findByText('Brak operacji: kwiecień 2026')).toBeInTheDocument();
  });

  it("lets an agency pick one of its advertisers' statements", async () => {
    const calls = stubApi({
      'GET /agency/statements/2026-05': [
        200,
        {
          data: {
            statement: makeStatement({
              kind: 'agency',
              organisation: { id: 3, name: 'Nowa Agencja' },
              accounts: [
                {
                  account: 'commission',
                  opening: 0,
                  closing: 0,
                  credits: 0,
                  debits: 0,
                  totals: [],
                  lines: [],
                },
              ],
            }),
          },
        },
      ],
      'GET /agency/advertisers': list('advertisers', [{ id: 4, name: 'Demo Shop' }]),
      'GET /agency/advertisers/4/statements/2026-05': [200, { data: { statement: makeStatement() } }],
      'POST /agency/download-links': [200, { data: { url: '/api/x?authorization=once' } }],
    });
    vi.spyOn(window, 'open').mockReturnValue({
      opener: null,
      location: { href: '' },
      close: vi.fn(),
    } as unknown as Window);
    renderPage(<StatementsTab kind="agency" />, { path: '/panel/agency/payments', profile: agency });
    expect(await screen.findByRole('region', { name: 'Commission earned' })).toBeInTheDocument();
    const user = userEvent.setup();
    const whose = screen.getByLabelText('Statement of');
    await waitFor(() => expect(within(whose).getByRole('option', { name: 'Demo Shop' })).toBeInTheDocument());
    await user.selectOptions(whose, '4');
    expect(await screen.findByRole('region', { name: 'Own balance' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/agency/download-links')?.body).toEqual({
        path: '/api/agency/advertisers/4/statements/2026-05/download?format=csv&locale=en',
      }),
    );
  });
});

describe('statementMonths', () => {
  it('offers the current month and two years back, newest first, across the new year', () => {
    const months = statementMonths(new Date(2026, 0, 31));
    expect(months.slice(0, 3)).toEqual(['2026-01', '2025-12', '2025-11']);
    expect(months.at(-1)).toBe('2024-01');
  });
});
