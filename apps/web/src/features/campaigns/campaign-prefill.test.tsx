import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../account/account-test-utils';
import { pageTestHooks, renderWithToasts } from '../agencies/test-utils';
import { audiencesReply, makeAudience } from '../audiences/test-fixtures';
import { CampaignPage } from './campaign-page';
import { campaignPrefillPath, prefillValuesOf } from './campaign-prefill';
import { walkTo } from './step-test-helpers';
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
const viewers = makeAudience({ id: 7, name: 'Product viewers', rule: 'product_viewers' });
const buyers = makeAudience({ id: 8, name: 'Buyers', rule: 'buyers', lookbackDays: 90 });
const dynamic = makeBanner({ id: 31, name: 'Dynamic products', type: 'dynamic' });
const replies = {
  'GET /advertiser/campaigns/settings': [200, { data: { campaignSettings: settings } }],
  'GET /advertiser/banners': [200, { data: { banners: page([makeBanner(), dynamic]) } }],
  'GET /advertiser/audiences': audiencesReply([viewers, buyers]),
} as const;
const prefill = {
  name: 'Retargeting: product viewers',
  audienceIncludeIds: [7],
  audienceExcludeIds: [8],
  bannerIds: [31],
  dailyBudget: 2550,
  maxCpm: 300,
  frequencyPerDay: 3,
};

describe('a new campaign filled in from the address', () => {
  it('writes the prefill into the address and reads it back as the form’s values', () => {
    const path = campaignPrefillPath(prefill);
    expect(path).toBe(
      '/panel/advertiser/campaigns/new?name=Retargeting%3A+product+viewers&include=7&exclude=8&banners=31&daily=2550&cpm=300&perDay=3',
    );
    expect(prefillValuesOf(new URLSearchParams(path.split('?')[1]))).toEqual({
      name: 'Retargeting: product viewers',
      audienceIncludeIds: [7],
      audienceExcludeIds: [8],
      bannerIds: [31],
      dailyBudget: '25.50',
      maxCpm: '3.00',
      frequencyCap: { period: 'day', count: '3' },
    });
    // Nothing named, nothing filled; nonsense is dropped.
    expect(campaignPrefillPath({})).toBe('/panel/advertiser/campaigns/new');
    expect(prefillValuesOf(new URLSearchParams('daily=-5&cpm=abc&include=x,2'))).toEqual({
      audienceIncludeIds: [2],
    });
  });

  it('opens the form filled in, and creates the campaign with those values', async () => {
    const created = makeCampaign({ id: 9, name: prefill.name, status: 'draft' });
    const calls = stubApi({
      ...replies,
      'POST /advertiser/campaigns': [201, { data: { campaign: created } }],
      'GET /advertiser/campaigns/9': [200, { data: { campaign: created } }],
    });
    renderWithToasts(<CampaignPage />, { path: campaignPrefillPath(prefill), route, profile: writer });
    expect(await screen.findByLabelText('Name')).toHaveValue('Retargeting: product viewers');
    expect(screen.getByLabelText('Daily budget (PLN)')).toHaveValue('25.50');
    expect(screen.getByLabelText('Maximum CPM (PLN)')).toHaveValue('3.00');
    await walkTo('Review');
    // The review names what the address filled in.
    expect(screen.getByText('Per day: 3 impressions per person')).toBeInTheDocument();
    expect(await screen.findByText('Product viewers')).toBeInTheDocument();
    expect(screen.getByText('Buyers')).toBeInTheDocument();
    expect(await screen.findByText('Dynamic products')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    await screen.findByText(`The campaign ${prefill.name} has been created as a draft.`);
    expect(
      calls.find((call) => call.method === 'POST' && call.path === '/advertiser/campaigns')?.body,
    ).toMatchObject({
      name: prefill.name,
      dailyBudget: 2550,
      maxCpm: 300,
      frequencyCap: { period: 'day', count: 3 },
      bannerIds: [31],
      audienceIncludeIds: [7],
      audienceExcludeIds: [8],
    });
  }, 15_000);

  it('leaves a saved campaign as it is', async () => {
    const saved = makeCampaign({ id: 5, name: 'Old one' });
    stubApi({ ...replies, 'GET /advertiser/campaigns/5': [200, { data: { campaign: saved } }] });
    renderWithToasts(<CampaignPage />, {
      path: '/panel/advertiser/campaigns/5?tab=settings&name=Other',
      route,
      profile: writer,
    });
    expect(await screen.findByLabelText('Name')).toHaveValue('Old one');
  });
});
