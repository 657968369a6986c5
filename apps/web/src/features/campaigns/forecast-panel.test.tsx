import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, stubApi } from '../../account/account-test-utils';
import { pageTestHooks, renderWithToasts } from '../agencies/test-utils';
import { audiencesReply } from '../audiences/test-fixtures';
import { CampaignPage } from './campaign-page';
import { walkTo } from './step-test-helpers';
import { makeBanner, page, settings, writer } from './test-fixtures';

pageTestHooks();

const route = '/panel/advertiser/campaigns/:campaignId';
const forecastPath = '/advertiser/campaigns/forecast';
const replies = {
  'GET /advertiser/campaigns/settings': [200, { data: { campaignSettings: settings } }],
  'GET /advertiser/banners': [200, { data: { banners: page([makeBanner()]) } }],
  'GET /advertiser/audiences': audiencesReply([]),
} as const;

const forecastReply = (forecast: object) => [200, { data: { forecast } }] as const;
const panel = () => screen.getByRole('region', { name: 'Forecast per day' });

describe('the campaign form’s forecast', () => {
  it('asks again as the form changes and shows impressions, reach and spend a day with its warnings', async () => {
    const calls = stubApi({
      ...replies,
      [`POST ${forecastPath}`]: forecastReply({
        perDay: {
          requests: 12_000,
          impressions: 3_456,
          reach: 2_100,
          spendMicros: 123_450_000,
          spend: 12_345,
        },
        warnings: ['bid_under_floors', 'audience_too_small'],
        sample: { rows: 5_000, days: 3 },
      }),
    });
    renderWithToasts(<CampaignPage />, { path: '/panel/advertiser/campaigns/new', route, profile: writer });
    await screen.findByRole('heading', { name: 'New campaign', level: 1 });
    expect(within(panel()).getByText('Enter the maximum CPM to see a forecast.')).toBeInTheDocument();

    const user = userEvent.setup();
    await fill(user, 'Maximum CPM (PLN)', '3,50');
    await waitFor(() => expect(within(panel()).getByText('3,456')).toBeInTheDocument(), { timeout: 3000 });
    expect(within(panel()).getByText('2,100')).toBeInTheDocument();
    expect(within(panel()).getByText('123.45 PLN')).toBeInTheDocument();
    expect(
      within(panel()).getByText(
        'The maximum CPM is under the floor price of most matching requests: raise it to win more often.',
      ),
    ).toBeInTheDocument();
    expect(
      within(panel()).getByText(
        'The audience is too small to deliver: widen the targeting or the audiences.',
      ),
    ).toBeInTheDocument();
    const asked = calls.filter((call) => call.method === 'POST' && call.path === forecastPath);
    expect(asked.at(-1)?.body).toMatchObject({
      maxCpm: 350,
      countries: [],
      bannerIds: [],
      frequencyCap: null,
    });

    // On the next step too: a change of targeting asks again, once the form is still.
    await fill(user, 'Name', 'Spring sale');
    await fill(user, 'Daily budget (PLN)', '20');
    await walkTo('Audience & targeting');
    await user.click(screen.getByRole('checkbox', { name: 'Mobile' }));
    await waitFor(
      () =>
        expect(
          calls.filter((call) => call.method === 'POST' && call.path === forecastPath).at(-1)?.body,
        ).toMatchObject({ deviceTypes: ['mobile'] }),
      { timeout: 3000 },
    );
    // And on the review, with its warnings.
    await walkTo('Review');
    expect(within(panel()).getByText('3,456')).toBeInTheDocument();
    expect(within(panel()).getByText(/The audience is too small to deliver/)).toBeInTheDocument();
  }, 15_000);

  it('says the forecast needs traffic while nothing was sampled', async () => {
    stubApi({
      ...replies,
      [`POST ${forecastPath}`]: forecastReply({
        perDay: { requests: 0, impressions: 0, reach: 0, spendMicros: 0, spend: 0 },
        warnings: [],
        sample: { rows: 0, days: 0 },
      }),
    });
    renderWithToasts(<CampaignPage />, { path: '/panel/advertiser/campaigns/new', route, profile: writer });
    await screen.findByRole('heading', { name: 'New campaign', level: 1 });
    await fill(userEvent.setup(), 'Maximum CPM (PLN)', '2');
    await waitFor(
      () =>
        expect(
          within(panel()).getByText(
            'The forecast needs traffic: it appears once the platform has received bid requests.',
          ),
        ).toBeInTheDocument(),
      { timeout: 3000 },
    );
  });
});
