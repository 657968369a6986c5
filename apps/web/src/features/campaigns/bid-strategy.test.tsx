import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, stubApi } from '../../account/account-test-utils';
import { pageTestHooks, renderWithToasts } from '../agencies/test-utils';
import { CampaignPage } from './campaign-page';
import { clickNext, walkTo } from './step-test-helpers';
import { makeCampaign, page, settings, writer } from './test-fixtures';

pageTestHooks();
beforeEach(() => {
  // 10.03.2026 in Warsaw: the form's 'today'.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const route = '/panel/advertiser/campaigns/:campaignId';
const replies = {
  'GET /advertiser/campaigns/settings': [200, { data: { campaignSettings: settings } }],
  'GET /advertiser/banners': [200, { data: { banners: page([]) } }],
  'GET /advertiser/audiences': [200, { data: { audiences: page([]) } }],
} as const;

const show = (path: string, handlers = {}) => {
  const calls = stubApi({ ...replies, ...handlers });
  renderWithToasts(<CampaignPage />, { path: `/panel/advertiser/campaigns/${path}`, route, profile: writer });
  return calls;
};
const strategy = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });
/** The value the review gives for `label`. */
const reviewed = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('the bid strategy', () => {
  it('explains each choice under it and asks for its target in its unit, the maximum CPM as an optional ceiling', async () => {
    show('new');
    await screen.findByLabelText('Maximum CPM (PLN)');
    expect(strategy('Maximum CPM')).toBeChecked();
    expect(
      screen.getByText(
        'We bid on each impression what a conversion is worth to you times the chance it leads to one, so conversions cost about your target on average.',
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(strategy('Target CPA'));
    expect(screen.getByLabelText('Target CPA (PLN)')).toHaveAccessibleDescription(
      'What a conversion is worth to you, gross; at most 100,000.00 PLN.',
    );
    expect(screen.getByLabelText('Maximum CPM, optional (PLN)')).toHaveAccessibleDescription(
      'A ceiling: the most you pay per 1,000 impressions whatever the target. Leave it empty for none; at least 2.00 PLN.',
    );
    expect(screen.queryByLabelText('Maximum CPM (PLN)')).not.toBeInTheDocument();
    expect(screen.getByText(/Targets and the maximum CPM are gross/)).toHaveTextContent('margin of 20.00%');
    expect(
      screen.getByText(
        'Enter a maximum CPM to see a forecast: it assumes every bid at that ceiling, the most the target would bid.',
      ),
    ).toBeInTheDocument();

    await user.click(strategy('Target CPC'));
    expect(screen.getByLabelText('Target CPC (PLN)')).toHaveAccessibleDescription(
      'What a click is worth to you, gross; at most 1,000.00 PLN.',
    );
    await user.click(strategy('Target ROAS'));
    expect(screen.getByLabelText('Target ROAS (%)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Target CPC (PLN)')).not.toBeInTheDocument();
  }, 15_000);

  it('checks the target as typed and the ceiling against the minimum before moving on', async () => {
    const calls = show('new');
    await screen.findByLabelText('Maximum CPM (PLN)');
    const user = userEvent.setup();
    await fill(user, 'Name', 'Spring sale');
    await fill(user, 'Daily budget (PLN)', '20');
    await user.click(strategy('Target CPC'));
    const cpc = screen.getByLabelText('Target CPC (PLN)');
    await clickNext();
    await waitFor(() => expect(cpc).toHaveAccessibleDescription('Enter an amount above zero.'));
    await fill(user, 'Target CPC (PLN)', '1000,01');
    await clickNext();
    await waitFor(() =>
      expect(cpc).toHaveAccessibleDescription('The target CPC cannot be more than 1,000.00.'),
    );

    // 0.5% is under the shared schema's bound; three decimals the form's own check refuses.
    await user.click(strategy('Target ROAS'));
    await fill(user, 'Target ROAS (%)', '0,5');
    await clickNext();
    await waitFor(() =>
      expect(screen.getByLabelText('Target ROAS (%)')).toHaveAccessibleDescription(
        'Enter a target ROAS from 1% to 100,000%, with at most two decimals.',
      ),
    );
    const roas = screen.getByLabelText('Target ROAS (%)');
    await user.clear(roas);
    await fill(user, 'Target ROAS (%)', '400,555');
    await clickNext();
    await waitFor(() =>
      expect(roas).toHaveAccessibleDescription(
        'Enter a target ROAS from 1% to 100,000%, with at most two decimals.',
      ),
    );
    await user.clear(roas);
    await fill(user, 'Target ROAS (%)', '400');
    await fill(user, 'Maximum CPM, optional (PLN)', '1,5');
    await clickNext();
    await waitFor(() =>
      expect(screen.getByLabelText('Maximum CPM, optional (PLN)')).toHaveAccessibleDescription(
        'The maximum CPM must be at least 2.00.',
      ),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  }, 15_000);

  it('reviews the goal and sends it in micro-units, without a ceiling as null', async () => {
    const created = makeCampaign({
      id: 7,
      status: 'draft',
      goal: { kind: 'targetCpa', targetCpaMicros: 25_500_000 },
    });
    const calls = show('new', {
      'POST /advertiser/campaigns': [201, { data: { campaign: created } }],
      'GET /advertiser/campaigns/7': [200, { data: { campaign: created } }],
    });
    await screen.findByLabelText('Maximum CPM (PLN)');
    const user = userEvent.setup();
    await fill(user, 'Name', 'Spring sale');
    await fill(user, 'Daily budget (PLN)', '20');
    await user.click(strategy('Target CPA'));
    await fill(user, 'Target CPA (PLN)', '25,50');
    await walkTo('Review');
    expect(reviewed('Bid strategy')).toHaveTextContent('Target CPA');
    expect(reviewed('Target')).toHaveTextContent('25.50 PLN');
    expect(reviewed('Maximum CPM (ceiling)')).toHaveTextContent('No ceiling');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    await screen.findByText('The campaign Spring sale has been created as a draft.');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      goal: { kind: 'targetCpa', targetCpaMicros: 25_500_000 },
      maxCpm: null,
    });
  }, 20_000);

  it('opens a saved goal as it was, on the page and in the form, and keeps each target while another is tried', async () => {
    const saved = makeCampaign({ id: 5, goal: { kind: 'targetRoas', targetRoasBps: 40_000 }, maxCpm: 800 });
    const calls = show('5', {
      'GET /advertiser/campaigns/5': [200, { data: { campaign: saved } }],
      'PUT /advertiser/campaigns/5': [200, { data: { campaign: saved } }],
    });
    const roas = await screen.findByLabelText('Target ROAS (%)');
    const summary = screen.getByRole('region', { name: 'Campaign status' });
    expect(within(summary).getByText('Target ROAS 400.00%')).toBeInTheDocument();
    expect(within(summary).getByText('Maximum CPM 8.00 PLN')).toBeInTheDocument();
    expect(roas).toHaveValue('400.00');
    expect(screen.getByLabelText('Maximum CPM, optional (PLN)')).toHaveValue('8.00');

    const user = userEvent.setup();
    await user.click(strategy('Target CPC'));
    await fill(user, 'Target CPC (PLN)', '0,40');
    await user.click(strategy('Target ROAS'));
    expect(screen.getByLabelText('Target ROAS (%)')).toHaveValue('400.00');
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));
    await screen.findByText('The campaign has been saved.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      goal: { kind: 'targetRoas', targetRoasBps: 40_000 },
      maxCpm: 800,
    });
  }, 15_000);

  it('shows the server’s goal error on the target, in words found by its code, and focuses it', async () => {
    const saved = makeCampaign({ id: 5, goal: { kind: 'targetCpa', targetCpaMicros: 250_000_000 } });
    show('5', {
      'GET /advertiser/campaigns/5': [200, { data: { campaign: saved } }],
      'PUT /advertiser/campaigns/5': [
        422,
        {
          message: 'The form contains validation errors.',
          code: 422,
          error: 'validation.failed',
          errors: { 'goal.targetCpaMicros': ['English wording that changed.'] },
          issues: { 'goal.targetCpaMicros': [{ code: 'campaigns.target_cpa_too_large' }] },
        },
      ],
    });
    const cpa = await screen.findByLabelText('Target CPA (PLN)');
    expect(cpa).toHaveValue('250.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() =>
      expect(cpa).toHaveAccessibleDescription('The target CPA cannot be more than 100,000.00.'),
    );
    expect(cpa).toHaveFocus();
  }, 15_000);
});
