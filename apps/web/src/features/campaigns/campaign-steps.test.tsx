import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { currenciesReply, pageTestHooks, renderWithToasts } from '../agencies/test-utils';
import { audiencesReply, makeAudience } from '../audiences/test-fixtures';
import { formValuesOf } from './campaign-form-schema';
import { CampaignPage } from './campaign-page';
import { campaignSteps, stepFields } from './campaign-steps';
import { currentStep, walkTo } from './step-test-helpers';
import { attachedBanner, makeBanner, makeCampaign, page, settings, writer } from './test-fixtures';

pageTestHooks();
beforeEach(() => {
  // 10.03.2026 in Warsaw: the form's 'today'.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T09:00:00Z'));
});
afterEach(async () => {
  vi.useRealTimers();
  await act(() => i18n.changeLanguage('en'));
});

const route = '/panel/advertiser/campaigns/:campaignId';
const viewers = makeAudience({ id: 7, name: 'Product viewers' });
const buyers = makeAudience({ id: 8, name: 'Buyers', rule: 'buyers' });
const skyscraper = makeBanner({ id: 22, name: 'Skyscraper', status: 'pending', width: 160, height: 600 });
const replies = {
  'GET /advertiser/campaigns/settings': [200, { data: { campaignSettings: settings } }],
  'GET /advertiser/banners': [200, { data: { banners: page([makeBanner(), skyscraper]) } }],
  'GET /advertiser/audiences': audiencesReply([viewers, buyers]),
  'GET /currencies': currenciesReply,
} as const;
const saved = makeCampaign({
  id: 5,
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  totalBudget: 300_000,
  dailyBudget: null,
  maxCpm: 450,
  pacing: 'asap',
  hoursOfWeek: [9, 10],
  frequencyCap: { period: 'week', count: 2 },
  clickWindowDays: 14,
  viewWindowDays: 1,
  countries: ['PL', 'DE'],
  deviceTypes: ['mobile'],
  includeDomains: [
    'a.example.com',
    'b.example.com',
    'c.example.com',
    'd.example.com',
    'e.example.com',
    'f.example.com',
  ],
  excludedCategories: ['IAB25'],
  audienceIncludeIds: [viewers.id],
  audienceExcludeIds: [buyers.id],
  banners: [attachedBanner(skyscraper)],
});

/** Where the router is: the address's query. */
function Query() {
  return <p data-testid="query">{useLocation().search}</p>;
}
const query = () => new URLSearchParams(screen.getByTestId('query').textContent ?? '');

const show = (path: string, handlers = {}) => {
  const calls = stubApi({
    ...replies,
    'GET /advertiser/campaigns/5': [200, { data: { campaign: saved } }],
    ...handlers,
  });
  renderWithToasts(
    <>
      <CampaignPage />
      <Query />
    </>,
    { path, route, profile: writer },
  );
  return calls;
};
const steps = () => screen.getByRole('navigation', { name: 'Campaign set-up steps' });
/** The value the review gives for `label`. */
const reviewed = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('the campaign form’s steps', () => {
  it('holds every field of the form in exactly one step', () => {
    const held = campaignSteps.flatMap((step) => stepFields[step]);
    expect([...held].sort()).toEqual(Object.keys(formValuesOf(null, '2026-03-10')).sort());
  });

  it('lets a new campaign reopen only the steps it has reached, and keeps the step and the prefill in the address', async () => {
    show('/panel/advertiser/campaigns/new?name=Spring+sale');
    expect(await screen.findByLabelText('Name')).toHaveValue('Spring sale');
    await screen.findByLabelText('Daily budget (zł)');
    expect(within(steps()).queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('Step 1 of 5 · Goal & budget')).toBeInTheDocument();
    const user = userEvent.setup();
    await fill(user, 'Daily budget (zł)', '20');
    await fill(user, 'Maximum CPM (zł)', '3');
    await walkTo('Creatives');
    expect(query().get('step')).toBe('creatives');
    expect(query().get('name')).toBe('Spring sale');
    expect(within(steps()).getByRole('link', { name: 'Goal & budget (done)' })).toBeInTheDocument();
    expect(within(steps()).getByRole('link', { name: 'Audience & targeting (done)' })).toBeInTheDocument();
    expect(within(steps()).queryByRole('link', { name: /Schedule/ })).not.toBeInTheDocument();

    // Back to the first step, and forward again to the furthest reached, by the indicator.
    await user.click(within(steps()).getByRole('link', { name: /Goal & budget/ }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Goal & budget'));
    expect(screen.getByRole('heading', { name: 'Goal & budget', level: 2 })).toHaveFocus();
    expect(screen.getByLabelText('Daily budget (zł)')).toHaveValue('20');
    await user.click(within(steps()).getByRole('link', { name: /Creatives/ }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Creatives'));
  }, 15_000);

  it('opens the step the address names, as after a reload', async () => {
    show('/panel/advertiser/campaigns/new?step=schedule');
    expect(await screen.findByLabelText('Post-click window (days)')).toHaveValue('7');
    expect(currentStep()).toHaveTextContent('Schedule');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  }, 15_000);

  it('moves on when Enter is pressed in a field of a new campaign, without creating it', async () => {
    const calls = show('/panel/advertiser/campaigns/new');
    await screen.findByLabelText('Maximum CPM (zł)');
    const user = userEvent.setup();
    await fill(user, 'Maximum CPM (zł)', '3');
    await fill(user, 'Daily budget (zł)', '20');
    await fill(user, 'Name', 'Spring sale');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentStep()).toHaveTextContent('Audience & targeting'));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/advertiser/campaigns')).toBe(false);
  }, 15_000);

  it('opens the first step with an error when the review is created with one left', async () => {
    const calls = show('/panel/advertiser/campaigns/new?step=review');
    await userEvent.click(await screen.findByRole('button', { name: 'Create campaign' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Goal & budget'));
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('This field is required.'),
    );
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(calls.some((call) => call.method === 'POST' && call.path === '/advertiser/campaigns')).toBe(false);
  });

  it('opens any step of a saved campaign directly, and saves it from there', async () => {
    const calls = show('/panel/advertiser/campaigns/5?tab=settings', {
      'PUT /advertiser/campaigns/5': [200, { data: { campaign: saved } }],
    });
    await screen.findByLabelText('Name');
    await userEvent.click(within(steps()).getByRole('link', { name: 'Schedule (done)' }));
    const end = await screen.findByLabelText('End (optional)');
    expect(query().get('tab')).toBe('settings');
    expect(query().get('step')).toBe('schedule');
    fireEvent.change(end, { target: { value: '15.04.2026' } });
    fireEvent.blur(end);
    await userEvent.click(screen.getByRole('button', { name: 'Save campaign' }));
    expect(await screen.findByText('The campaign has been saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      name: 'Spring sale',
      endDate: '2026-04-15',
      maxCpm: 450,
    });
    expect(currentStep()).toHaveTextContent('Schedule');
  }, 15_000);

  it('reviews every choice in the spec’s formats, each step with a link back to it', async () => {
    show('/panel/advertiser/campaigns/5?tab=settings&step=review');
    await screen.findByRole('heading', { name: 'Review', level: 2 });
    await waitFor(() => expect(reviewed('Total budget')).toHaveTextContent('3,000.00 zł'));
    // 10.03 to 31.03 is 22 days; of 3,000.00, 1,234.56 is spent.
    expect(reviewed('Daily budget')).toHaveTextContent('About 80.24 zł a day, the total spread evenly');
    expect(reviewed('Maximum CPM')).toHaveTextContent('4.50 zł');
    expect(reviewed('Pacing')).toHaveTextContent('As fast as possible');
    await waitFor(() => expect(reviewed('Bid only on users in any of')).toHaveTextContent('Product viewers'));
    expect(reviewed('Never bid on users in')).toHaveTextContent('Buyers');
    expect(reviewed('Countries')).toHaveTextContent('Poland, Germany');
    expect(reviewed('Device types')).toHaveTextContent('Mobile');
    expect(reviewed('Operating systems')).toHaveTextContent('Every system');
    expect(reviewed('Only on these sites and apps')).toHaveTextContent(
      'a.example.com, b.example.com, c.example.com, d.example.com, e.example.com and 1 more',
    );
    expect(reviewed('Never on these sites and apps')).toHaveTextContent('None');
    expect(reviewed('Content categories to avoid')).toHaveTextContent('Non-Standard Content');
    expect(reviewed('Frequency cap')).toHaveTextContent('Per week: 2 impressions per person');
    expect(reviewed('Banners to show')).toHaveTextContent(
      'SkyscraperNo approved banner picked yet: the campaign cannot run without one.',
    );
    expect(reviewed('Start')).toHaveTextContent('01.03.2026');
    expect(reviewed('End')).toHaveTextContent('31.03.2026');
    expect(reviewed('Hours of the week')).toHaveTextContent('2 hours a week chosen');
    expect(reviewed('Post-click window')).toHaveTextContent('14 days');
    expect(reviewed('Post-view window')).toHaveTextContent('1 day');

    await userEvent.click(screen.getByRole('link', { name: 'Edit Audience & targeting' }));
    expect(await screen.findByRole('checkbox', { name: 'Poland' })).toBeChecked();
    expect(currentStep()).toHaveTextContent('Audience & targeting');
    expect(query().get('step')).toBe('targeting');
  }, 15_000);

  it('speaks Polish', async () => {
    await act(() => i18n.changeLanguage('pl'));
    show('/panel/advertiser/campaigns/new');
    await screen.findByRole('heading', { name: 'Cel i budżet', level: 2 });
    expect(screen.getByRole('navigation', { name: 'Kroki konfiguracji kampanii' })).toBeInTheDocument();
    expect(screen.getByText('Krok 1 z 5 · Cel i budżet')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Cel i budżet');
    expect(screen.getByRole('button', { name: 'Dalej' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dalej' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Nazwa')).toHaveAccessibleDescription('To pole jest wymagane.'),
    );
  });

  it('speaks Polish on the review', async () => {
    await act(() => i18n.changeLanguage('pl'));
    show('/panel/advertiser/campaigns/5?tab=settings&step=review');
    await screen.findByRole('heading', { name: 'Podsumowanie', level: 2 });
    expect(screen.getByRole('link', { name: 'Zmień: Harmonogram' })).toBeInTheDocument();
    expect(reviewed('Okno po kliknięciu')).toHaveTextContent('14 dni');
    expect(reviewed('Limit częstotliwości')).toHaveTextContent('Na tydzień: 2 wyświetlenia na osobę');
    expect(screen.getByRole('button', { name: 'Wstecz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zapisz kampanię' })).toBeInTheDocument();
  });
});
