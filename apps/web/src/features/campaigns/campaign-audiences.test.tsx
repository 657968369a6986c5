import { audienceMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, stubApi, validationError } from '../../account/account-test-utils';
import { pageTestHooks, renderWithToasts } from '../agencies/test-utils';
import { audiencesReply, makeAudience } from '../audiences/test-fixtures';
import { CampaignPage } from './campaign-page';
import { currentStep, walkTo } from './step-test-helpers';
import { makeBanner, makeCampaign, page, settings, writer } from './test-fixtures';

pageTestHooks();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const route = '/panel/advertiser/campaigns/:campaignId';
const abandoners = makeAudience();
const buyers = makeAudience({ id: 8, name: 'Buyers', rule: 'buyers', estimatedSize: 1, campaignCount: 0 });
const replies = {
  'GET /advertiser/campaigns/settings': [200, { data: { campaignSettings: settings } }],
  'GET /advertiser/banners': [200, { data: { banners: page([makeBanner()]) } }],
  'GET /advertiser/audiences': audiencesReply([abandoners, buyers]),
} as const;

const show = (path: string, handlers = {}) => {
  const calls = stubApi({ ...replies, ...handlers });
  renderWithToasts(<CampaignPage />, { path, route, profile: writer });
  return calls;
};
const include = () => screen.getByRole('group', { name: 'Bid only on users in any of' });
const exclude = () => screen.getByRole('group', { name: 'Never bid on users in' });

describe('the campaign form’s audiences', () => {
  it('includes and excludes the advertiser’s audiences, shown with their sizes; the server’s errors on the fields, its step reopened', async () => {
    const calls = show('/panel/advertiser/campaigns/new', {
      'POST /advertiser/campaigns': validationError({
        audienceExcludeIds: [audienceMessages.includedAndExcluded],
      }),
    });
    await screen.findByRole('heading', { name: 'New campaign', level: 1 });
    const user = userEvent.setup();
    await fill(user, 'Name', 'Retargeting');
    await fill(user, 'Maximum CPM (PLN)', '3');
    await fill(user, 'Daily budget (PLN)', '20');
    await walkTo('Audience & targeting');
    const included = await screen.findByRole('group', { name: 'Bid only on users in any of' });
    expect(
      within(included).getByRole('checkbox', { name: 'Abandoned carts (12,345 users)' }),
    ).not.toBeChecked();
    expect(within(exclude()).getByRole('checkbox', { name: 'Buyers (1 user)' })).not.toBeChecked();
    expect(include()).toHaveAccessibleDescription('None chosen: any user.');

    await user.click(within(include()).getByRole('checkbox', { name: /Abandoned carts/ }));
    await user.click(within(exclude()).getByRole('checkbox', { name: /Buyers/ }));
    await walkTo('Review');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));

    // The error is on the second step: it opens, the field says so and has the focus.
    await waitFor(() => expect(currentStep()).toHaveTextContent('Audience & targeting'));
    await waitFor(() =>
      expect(exclude()).toHaveAccessibleDescription('An audience cannot be both included and excluded.'),
    );
    await waitFor(() => expect(within(exclude()).getAllByRole('checkbox')[0]).toHaveFocus());
    expect(
      calls.find((call) => call.method === 'POST' && call.path === '/advertiser/campaigns')?.body,
    ).toMatchObject({
      audienceIncludeIds: [abandoners.id],
      audienceExcludeIds: [buyers.id],
    });
  }, 15_000);

  it('keeps a saved campaign’s audiences when it is saved again', async () => {
    const campaign = makeCampaign({
      id: 5,
      audienceIncludeIds: [buyers.id],
      audienceExcludeIds: [abandoners.id],
    });
    const calls = show('/panel/advertiser/campaigns/5?tab=settings&step=targeting', {
      'GET /advertiser/campaigns/5': [200, { data: { campaign } }],
      'PUT /advertiser/campaigns/5': [200, { data: { campaign } }],
    });
    expect(
      await within(await screen.findByRole('group', { name: 'Bid only on users in any of' })).findByRole(
        'checkbox',
        { name: /Buyers/ },
      ),
    ).toBeChecked();
    expect(within(exclude()).getByRole('checkbox', { name: /Abandoned carts/ })).toBeChecked();
    expect(within(include()).getByRole('checkbox', { name: /Abandoned carts/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      audienceIncludeIds: [buyers.id],
      audienceExcludeIds: [abandoners.id],
    });
  });

  it('sends an advertiser without audiences to make one', async () => {
    show('/panel/advertiser/campaigns/new?step=targeting', {
      'GET /advertiser/audiences': audiencesReply([]),
    });
    const link = await screen.findByRole('link', { name: 'Create an audience' });
    expect(link).toHaveAttribute('href', '/panel/advertiser/integrations?tab=audiences');
    expect(screen.getByText(/This advertiser has no audiences yet\./)).toBeInTheDocument();
  });
});
