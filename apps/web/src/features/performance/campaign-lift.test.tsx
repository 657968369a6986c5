import type { CampaignLiftDto } from '@rtb/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { currenciesReply } from '../agencies/test-utils';
import { makeCampaign } from '../campaigns/test-fixtures';
import { reportTestHooks, writer } from '../reports/test-fixtures';
import { CampaignLift } from './campaign-lift';

reportTestHooks();

/** 400 users saw the ads and 20 % of them bought; 5 % of the 100 held out did. */
const clearLift: CampaignLiftDto = {
  holdoutBps: 2_000,
  currency: 'PLN',
  from: '2026-03-01',
  to: '2026-03-10',
  windowDays: 7,
  groups: {
    exposed: { users: 400, converters: 80, conversionRate: 0.2, conversions: 81, revenue: 810_000 },
    heldOut: { users: 100, converters: 5, conversionRate: 0.05, conversions: 5, revenue: 50_000 },
  },
  estimate: {
    rateDifference: 0.15,
    rateDifferenceInterval: [0.0784, 0.2102],
    relativeLift: 3,
    incrementalConversions: 60,
    incrementalRevenue: 610_000,
    significant: true,
  },
};

const lifted = (estimate: Partial<CampaignLiftDto['estimate']>): CampaignLiftDto => ({
  ...clearLift,
  estimate: { ...(clearLift.estimate as NonNullable<CampaignLiftDto['estimate']>), ...estimate },
});

function show(lift: CampaignLiftDto | null, holdoutBps = 2_000) {
  const calls = stubApi({
    'GET /advertiser/campaigns/1/lift': [200, { data: { campaignLift: lift } }],
    'GET /currencies': currenciesReply,
  });
  renderPage(<CampaignLift campaign={makeCampaign({ id: 1, holdoutBps })} />, {
    path: '/panel/advertiser/campaigns/1',
    profile: writer,
  });
  return calls;
}

/** A row of the groups' table: its heading, then the exposed and the held-out group's figure. */
const groupRow = (name: string) =>
  within(screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe("a campaign's lift test", () => {
  it('puts the groups side by side with what the ads added, and says the lift is significant', async () => {
    show(clearLift);
    const section = await screen.findByRole('region', { name: 'Lift test' });
    expect(
      await within(section).findByText(
        'The ads raised purchases: between 7.84% and 21.02% more of the users the campaign bid for bought.',
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(
        "01.03.2026–10.03.2026, 20.00% of the audience held out. A user counts from the campaign's first bid for them (or the one held back), their purchases for 7 days after it.",
      ),
    ).toBeInTheDocument();
    expect(
      within(section)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Bid for', 'Held out']);
    expect(groupRow('Users')).toEqual(['400', '100']);
    expect(groupRow('Users who bought')).toEqual(['80', '5']);
    expect(groupRow('Conversion rate')).toEqual(['20.00%', '5.00%']);
    expect(groupRow('Orders')).toEqual(['81', '5']);
    expect(groupRow('Revenue')).toEqual(['8,100.00 zł', '500.00 zł']);
    const figure = (term: string) => within(section).getByText(term).nextElementSibling?.textContent;
    expect(figure('Extra buyers from the ads')).toBe('60');
    expect(figure('Extra revenue from the ads')).toBe('6,100.00 zł');
    expect(figure('Difference in conversion rate (95% interval)')).toBe('7.84% to 21.02%');
  });

  it('says a lift it cannot tell from none yet is not significant', async () => {
    show(lifted({ rateDifference: 0.004, rateDifferenceInterval: [-0.0123, 0.0201], significant: false }));
    expect(
      await screen.findByText(
        'Not significant yet: keep the test running until more users have bought. So far the difference lies between -1.23% and 2.01%.',
      ),
    ).toBeInTheDocument();
  });

  it('says a fall as a fall, the smaller drop first, in Polish too', async () => {
    await i18n.changeLanguage('pl');
    show(lifted({ rateDifference: -0.02, rateDifferenceInterval: [-0.031, -0.009], significant: true }));
    expect(
      await screen.findByText(
        'Reklamy zmniejszyły zakupy: kupiło od 0,90% do 3,10% mniej użytkowników objętych ofertami kampanii.',
      ),
    ).toBeInTheDocument();
  });

  it('waits for users in both groups before estimating', async () => {
    show({
      ...clearLift,
      groups: {
        exposed: { users: 12, converters: 1, conversionRate: 1 / 12, conversions: 1, revenue: 9_900 },
        heldOut: { users: 0, converters: 0, conversionRate: null, conversions: 0, revenue: 0 },
      },
      estimate: null,
    });
    expect(
      await screen.findByText('Not enough users yet: the groups are compared once both have some.'),
    ).toBeInTheDocument();
    expect(groupRow('Conversion rate')).toEqual(['8.33%', '–']);
    expect(screen.queryByText('Extra buyers from the ads')).not.toBeInTheDocument();
  });

  it('tells a campaign holding no one out how to start a test, without asking the API', async () => {
    const calls = show(null, 0);
    const section = screen.getByRole('region', { name: 'Lift test' });
    expect(
      within(section).getByText(/This campaign holds no one out, so it runs no lift test\./),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Set a hold-out share' })).toHaveAttribute(
      'href',
      '/panel/advertiser/campaigns/1?tab=settings&step=schedule',
    );
    expect(calls.some((call) => call.path === '/advertiser/campaigns/1/lift')).toBe(false);
  });
});
