import type { CampaignGoal, ReportMetrics, ReportPointDto } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Call, renderPage, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { currenciesReply } from '../agencies/test-utils';
import { makeCampaign } from '../campaigns/test-fixtures';
import {
  answer,
  delivered,
  makeReport,
  noDelivery,
  reportCalls,
  reportTestHooks,
  writer,
} from '../reports/test-fixtures';
import { GoalCard } from './goal-card';

reportTestHooks();

const targetCpa: CampaignGoal = { kind: 'targetCpa', targetCpaMicros: 20_000_000 };
/** A day of the goal's chart: its figures over nothing delivered. */
const day = (period: string, figures: Partial<ReportMetrics> = {}): ReportPointDto => ({
  period,
  ...noDelivery,
  ...figures,
});

/**
 * The card of a campaign with `goal`: the week's report says today is 12 January; the card's own
 * period (the last 30 days unless chosen) answers `totals` and `chart`.
 */
function renderCard(goal: CampaignGoal, totals: ReportMetrics, chart: ReportPointDto[]) {
  const calls = stubApi({
    'GET /advertiser/reports': (call) =>
      answer(
        call.query.get('from')
          ? makeReport({ from: call.query.get('from') ?? '', totals, chart })
          : makeReport(),
      ),
    'GET /currencies': currenciesReply,
  });
  renderPage(<GoalCard campaign={makeCampaign({ id: 5, goal })} />, {
    path: '/panel/advertiser/campaigns/5',
    profile: writer,
  });
  return calls;
}

const card = () => screen.getByRole('region', { name: /^Goal/ });
const cardQueries = (calls: Call[]) =>
  reportCalls(calls)
    .map((call) => Object.fromEntries(call.query))
    .filter((query) => query.from);
/** The predicted and actual cells of the table's row headed `measure`. */
const predictionRow = (measure: string) =>
  within(within(card()).getByRole('rowheader', { name: measure }).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** Two scored days: 9.504 clicks and 0.83 conversions predicted, 11 clicks and a conversion after one. */
const scored = [
  day('2026-01-11', {
    ...delivered,
    predictedClicks: 5.004,
    predictedConversions: 0.33,
    clicks: 5,
    clickConversions: 0,
  }),
  day('2026-01-12', {
    ...delivered,
    predictedClicks: 4.5,
    predictedConversions: 0.5,
    clicks: 6,
    clickConversions: 1,
  }),
];

describe('the goal card', () => {
  it('sets the CPA against its target, the predictions against what happened, and the shading’s saving', async () => {
    const calls = renderCard(targetCpa, { ...delivered, cpaMicros: 18_200_000 }, scored);
    expect(
      await within(card()).findByText('CPA 18.20 zł against a 20.00 zł target: 9.00% under.'),
    ).toBeInTheDocument();
    expect(within(card()).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Goal Better than the target',
    );
    expect(
      within(card()).getByText(
        /CPA is what the campaign spent per conversion, after a click or a view, as the reports count them\. Spend and the target are gross/,
      ),
    ).toBeInTheDocument();
    // The last 30 days up to the advertiser's today, by day, of this campaign.
    expect(cardQueries(calls)).toEqual([
      { time: 'day', campaignId: '5', from: '2025-12-14', to: '2026-01-12' },
    ]);

    expect(predictionRow('Clicks')).toEqual(['9.50', '11']);
    expect(predictionRow('Conversions after a click')).toEqual(['0.83', '1']);
    // The goal's measure is charted first.
    expect(within(card()).getByRole('button', { name: 'Conversions after a click' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    expect(within(card()).getByRole('heading', { name: 'Bid shading' })).toBeInTheDocument();
    expect(
      within(card()).getByText(/In this period that saved 0\.18 zł: .* cost 10\.00% less than the full bids/),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(card()).getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(cardQueries(calls).at(-1)).toEqual({
        time: 'day',
        campaignId: '5',
        from: '2026-01-06',
        to: '2026-01-12',
      }),
    );
    expect(within(card()).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('sets a ROAS under its target against it as off target', async () => {
    renderCard({ kind: 'targetRoas', targetRoasBps: 40_000 }, { ...delivered, roas: 3.5 }, scored);
    expect(
      await within(card()).findByText('ROAS 350.00% against a 400.00% target: 12.50% below.'),
    ).toBeInTheDocument();
    expect(within(card()).getByText('Off target')).toBeInTheDocument();
  });

  it('says when the figure is on target, and charts clicks for a target CPC', async () => {
    const cpc: CampaignGoal = { kind: 'targetCpc', targetCpcMicros: 250_000 };
    renderCard(cpc, { ...delivered, cpcMicros: 250_000 }, scored);
    expect(await within(card()).findByText('CPC 0.25 zł: on its 0.25 zł target.')).toBeInTheDocument();
    expect(within(card()).getByText('On target')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Clicks' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('has no CPC before a click, and no figures at all before an impression', async () => {
    const cpc: CampaignGoal = { kind: 'targetCpc', targetCpcMicros: 250_000 };
    renderCard(cpc, { ...delivered, clicks: 0, cpcMicros: null }, scored);
    expect(
      await within(card()).findByText('No clicks in this period yet, so no CPC to set against the target.'),
    ).toBeInTheDocument();
    expect(within(card()).queryByText(/Better than|Off target|On target/)).not.toBeInTheDocument();
  });

  it('shows nothing but why before the campaign’s ads are shown', async () => {
    renderCard(targetCpa, noDelivery, [day('2026-01-12')]);
    expect(
      await within(card()).findByText(
        'Nothing was shown in this period yet: the goal’s figures appear once the campaign’s ads are shown.',
      ),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says there is no model yet rather than predicting nothing, and leaves out a saving there was not', async () => {
    const unscored = scored.map((point) => ({ ...point, predictedClicks: null, predictedConversions: null }));
    renderCard(
      targetCpa,
      {
        ...delivered,
        predictedClicks: null,
        predictedConversions: null,
        shadingSavingMicros: 0,
        shadingSavingRate: null,
      },
      unscored,
    );
    expect(
      await within(card()).findByText(/^No model yet: the click and conversion models had not scored/),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('table')).not.toBeInTheDocument();
    expect(within(card()).queryByRole('heading', { name: 'Bid shading' })).not.toBeInTheDocument();
  });

  it('sets the predictions only against the days a model scored, and says over which', async () => {
    // 11 January before any model; 12 January scored by the click model only.
    const chart = [
      day('2026-01-11', { ...delivered, predictedClicks: null, predictedConversions: null, clicks: 5 }),
      day('2026-01-12', { ...delivered, predictedClicks: 4.5, predictedConversions: null, clicks: 6 }),
    ];
    renderCard(targetCpa, delivered, chart);
    expect(await within(card()).findByRole('rowheader', { name: 'Clicks' })).toBeInTheDocument();
    expect(predictionRow('Clicks')).toEqual(['4.50', '6']);
    expect(predictionRow('Conversions after a click')[0]).toBe('No model yet');
    expect(
      within(card()).getByText(
        'Clicks: counted over the 1 of 2 days with impressions that a model had scored (before, no model had).',
      ),
    ).toBeInTheDocument();
  });

  it('is not shown for a maximum CPM', () => {
    stubApi({ 'GET /advertiser/reports': answer() });
    renderPage(<GoalCard campaign={makeCampaign({ id: 5, goal: { kind: 'maxCpm' } })} />, {
      path: '/panel/advertiser/campaigns/5',
      profile: writer,
    });
    expect(screen.queryByRole('region', { name: /^Goal/ })).not.toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    renderCard(targetCpa, { ...delivered, cpaMicros: 21_000_000 }, scored);
    expect(await screen.findByText('CPA 21,00 zł przy celu 20,00 zł: o 5,00% więcej.')).toBeInTheDocument();
    expect(screen.getByText('Poza celem')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Konwersje po kliknięciu' })).toBeInTheDocument();
  });
});
