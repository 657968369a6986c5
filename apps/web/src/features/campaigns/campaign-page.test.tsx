import { campaignMessages } from '@rtb/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, stubApi, validationError } from '../../account/account-test-utils';
import { currenciesReply, pageTestHooks, renderWithToasts } from '../agencies/test-utils';
import { CampaignPage } from './campaign-page';
import { backTo, clickNext, currentStep, walkTo } from './step-test-helpers';
import { attachedBanner, makeBanner, makeCampaign, page, reader, settings, writer } from './test-fixtures';

pageTestHooks();
beforeEach(() => {
  // 10.03.2026 in Warsaw: the form's 'today' (only the date is faked, not the timers).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const route = '/panel/advertiser/campaigns/:campaignId';
const approved = makeBanner();
const pending = makeBanner({ id: 22, name: 'Skyscraper', status: 'pending', width: 160, height: 600 });
const replies = {
  'GET /advertiser/campaigns/settings': [200, { data: { campaignSettings: settings } }],
  'GET /advertiser/banners': [200, { data: { banners: page([approved, pending]) } }],
  'GET /advertiser/audiences': [200, { data: { audiences: page([]) } }],
} as const;

/** A new campaign's form, at the step the address names (`?step=`), else the first. */
const showNew = (handlers = {}, query = '') => {
  const calls = stubApi({ ...replies, ...handlers });
  renderWithToasts(<CampaignPage />, {
    path: `/panel/advertiser/campaigns/new${query}`,
    route,
    profile: writer,
  });
  return calls;
};
const create = () => userEvent.click(screen.getByRole('button', { name: 'Create campaign' }));

describe('CampaignPage: the form', () => {
  it('says what is wrong with the step before moving on, and sends nothing', async () => {
    const calls = showNew();
    await screen.findByRole('heading', { name: 'New campaign', level: 1 });
    expect(currentStep()).toHaveTextContent('Goal & budget');
    await clickNext();
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('This field is required.'),
    );
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Maximum CPM (PLN)')).toHaveAccessibleDescription(
      'Enter an amount above zero.',
    );

    const user = userEvent.setup();
    await fill(user, 'Name', 'Spring sale');
    await fill(user, 'Maximum CPM (PLN)', '1,5');
    await fill(user, 'Daily budget (PLN)', '5');
    await clickNext();
    await waitFor(() =>
      expect(screen.getByLabelText('Maximum CPM (PLN)')).toHaveAccessibleDescription(
        'The maximum CPM must be at least 2.00.',
      ),
    );
    expect(screen.getByLabelText('Daily budget (PLN)')).toHaveAccessibleDescription(
      'The daily budget must be at least 10.00.',
    );
    // Still the first step: the second is not shown.
    expect(currentStep()).toHaveTextContent('Goal & budget');
    expect(screen.queryByLabelText('Never on these sites and apps')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/advertiser/campaigns')).toBe(false);
  }, 15_000);

  it('takes attribution windows of 1-90 days after a click and 0-30 after an impression', async () => {
    const calls = showNew({}, '?step=schedule');
    const click = await screen.findByLabelText('Post-click window (days)');
    const view = screen.getByLabelText('Post-view window (days)');
    expect(click).toHaveValue('7');
    expect(view).toHaveValue('1');
    expect(click).toHaveAccessibleDescription(
      'A conversion up to this many days after a click on the campaign counts for it (1–90).',
    );
    const user = userEvent.setup();
    await user.clear(click);
    await user.type(click, '91');
    await user.clear(view);
    await user.type(view, '1,5');
    await clickNext();
    await waitFor(() =>
      expect(click).toHaveAccessibleDescription(/Enter a whole number of days from 1 to 90\./),
    );
    expect(view).toHaveAccessibleDescription(/Enter a whole number of days from 0 to 30\./);
    expect(currentStep()).toHaveTextContent('Schedule');
    expect(calls.some((call) => call.method === 'POST' && call.path === '/advertiser/campaigns')).toBe(false);
  }, 15_000);

  it('holds out a share of 0-50% of the audience for a lift test, saying what that means', async () => {
    const calls = showNew({}, '?step=schedule');
    expect(await screen.findByRole('heading', { name: 'Lift test' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Hold out a share of your audience to measure what your ads cause: we never show this campaign to them, and compare their purchases with those who saw it.',
      ),
    ).toBeInTheDocument();
    const share = screen.getByLabelText('Hold-out share (%)');
    expect(share).toHaveValue('0');
    const user = userEvent.setup();
    for (const typed of ['50,01', '12.345', 'ten']) {
      await user.clear(share);
      await user.type(share, typed);
      await clickNext();
      await waitFor(() =>
        expect(share).toHaveAccessibleDescription(
          /Enter a hold-out share from 0% to 50%, with at most two decimals\./,
        ),
      );
    }
    expect(currentStep()).toHaveTextContent('Schedule');
    expect(calls.some((call) => call.method === 'POST' && call.path === '/advertiser/campaigns')).toBe(false);
  }, 15_000);

  it('asks for a budget and an end after the start', async () => {
    showNew();
    await screen.findByRole('heading', { name: 'New campaign', level: 1 });
    const user = userEvent.setup();
    await fill(user, 'Name', 'Spring sale');
    await fill(user, 'Maximum CPM (PLN)', '3');
    await clickNext();
    await waitFor(() =>
      expect(screen.getByLabelText('Total budget (PLN)')).toHaveAccessibleDescription(
        'Set a total budget, a daily budget or both.',
      ),
    );
    await fill(user, 'Total budget (PLN)', '300');
    await walkTo('Schedule');
    await fill(user, 'End (optional)', '01.03.2026');
    await clickNext();
    await waitFor(() =>
      expect(screen.getByLabelText('End (optional)')).toHaveAccessibleDescription(
        'The end date is before the start date.',
      ),
    );
    expect(currentStep()).toHaveTextContent('Schedule');
  }, 15_000);

  it('shows the even daily amount of a total budget live', async () => {
    showNew({}, '?step=schedule');
    await screen.findByRole('heading', { name: 'New campaign', level: 1 });
    const user = userEvent.setup();
    // 10.03 to 19.03: 10 days; the end is set in the schedule, the budget in the first step.
    await fill(user, 'End (optional)', '19.03.2026');
    await backTo('Goal & budget');
    expect(screen.queryByText(/Spread evenly/)).not.toBeInTheDocument();
    await fill(user, 'Total budget (PLN)', '300');
    expect(screen.getByText('Spread evenly: about 30.00 PLN a day until 19.03.2026.')).toBeInTheDocument();
    await fill(user, 'Daily budget (PLN)', '20');
    expect(screen.queryByText(/Spread evenly/)).not.toBeInTheDocument();
  });

  it("names the budgets' currency by its symbol and writes the amounts with it", async () => {
    showNew({ 'GET /currencies': currenciesReply }, '?step=schedule');
    await screen.findByRole('heading', { name: 'New campaign', level: 1 });
    const user = userEvent.setup();
    await fill(user, 'End (optional)', '19.03.2026');
    await backTo('Goal & budget');
    await screen.findByLabelText('Total budget (zł)');
    expect(screen.getByText(/^Amounts in zł\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Daily budget (zł)')).toHaveAccessibleDescription(/10\.00 zł/);
    await fill(user, 'Total budget (zł)', '300');
    expect(screen.getByText('Spread evenly: about 30.00 zł a day until 19.03.2026.')).toBeInTheDocument();
  });

  it('counts the valid unique domains of a pasted list and names the lines that are not', async () => {
    showNew({}, '?step=targeting');
    await screen.findByRole('heading', { name: 'New campaign', level: 1 });
    const list = screen.getByLabelText('Never on these sites and apps');
    fireEvent.change(list, {
      target: {
        value: [
          'news.example.com',
          'not a domain',
          'https://www.News.Example.com/path',
          '',
          'com.example.app',
          '1.2.3.4',
        ].join('\n'),
      },
    });
    expect(list).toHaveAccessibleDescription(/2 valid unique domains/);
    expect(screen.getByText('Line 2 is not a domain: not a domain.')).toBeInTheDocument();
    expect(screen.getByText('Line 6 is not a domain: 1.2.3.4.')).toBeInTheDocument();
    expect(list).toHaveAttribute('aria-invalid', 'true');
  });

  it('sets the hours of the week from presets and by clicking cells', async () => {
    showNew({}, '?step=schedule');
    await screen.findByRole('heading', { name: 'New campaign', level: 1 });
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Monday 09:00–10:00' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Only at the hours chosen below' }));
    expect(screen.getByText(/times are in Europe\/Warsaw/)).toBeInTheDocument();
    expect(screen.getByText('40 hours a week chosen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Monday 09:00–10:00' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Saturday 09:00–10:00' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await user.click(screen.getByRole('button', { name: 'Evenings' }));
    expect(screen.getByText('42 hours a week chosen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sunday 23:00–24:00' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Monday 09:00–10:00' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await user.click(screen.getByRole('button', { name: 'Monday 09:00–10:00' }));
    expect(screen.getByText('43 hours a week chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('0 hours a week chosen')).toBeInTheDocument();
  }, 15_000);

  it('walks the steps and sends the body in minor units, then opens the new campaign', async () => {
    const created = makeCampaign({ id: 7, name: 'Spring sale', status: 'draft' });
    const calls = showNew({
      'POST /advertiser/campaigns': [201, { data: { campaign: created } }],
      'GET /advertiser/campaigns/7': [200, { data: { campaign: created } }],
    });
    await screen.findByRole('heading', { name: 'New campaign', level: 1 });
    const user = userEvent.setup();
    await fill(user, 'Name', 'Spring sale');
    await fill(user, 'Total budget (PLN)', '1 234,50');
    await fill(user, 'Daily budget (PLN)', '100');
    await fill(user, 'Maximum CPM (PLN)', '2.5');
    await user.click(screen.getByRole('radio', { name: /As fast as possible/ }));
    await walkTo('Audience & targeting');
    await user.selectOptions(screen.getByLabelText('Limit'), 'Per day');
    await fill(user, 'Impressions per person', '3');
    await user.click(screen.getByRole('checkbox', { name: 'Poland' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mobile' }));
    await user.click(screen.getByRole('checkbox', { name: 'Android' }));
    await user.click(screen.getByRole('checkbox', { name: 'News (IAB12)' }));
    fireEvent.change(screen.getByLabelText('Only on these sites and apps'), {
      target: { value: 'www.news.example.com\nnews.example.com\n' },
    });
    await walkTo('Creatives');
    await user.click(await screen.findByRole('checkbox', { name: /Rectangle/ }));
    expect(screen.getByText('1 approved banner picked.')).toBeInTheDocument();
    await walkTo('Schedule');
    await user.clear(screen.getByLabelText('Post-click window (days)'));
    await fill(user, 'Post-click window (days)', '30');
    await user.clear(screen.getByLabelText('Post-view window (days)'));
    await fill(user, 'Post-view window (days)', '0');
    await user.clear(screen.getByLabelText('Hold-out share (%)'));
    await fill(user, 'Hold-out share (%)', '12,5');
    await walkTo('Review');
    expect(screen.getByText('12.50%')).toBeInTheDocument();
    // Only the review creates it.
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await create();

    expect(
      await screen.findByText('The campaign Spring sale has been created as a draft.'),
    ).toBeInTheDocument();
    expect(
      calls.find((call) => call.method === 'POST' && call.path === '/advertiser/campaigns')?.body,
    ).toEqual({
      name: 'Spring sale',
      startDate: '2026-03-10',
      endDate: null,
      hoursOfWeek: null,
      totalBudget: 123450,
      dailyBudget: 10000,
      goal: { kind: 'maxCpm' },
      maxCpm: 250,
      pacing: 'asap',
      frequencyCap: { count: 3, period: 'day' },
      clickWindowDays: 30,
      viewWindowDays: 0,
      holdoutBps: 1250,
      countries: ['PL'],
      deviceTypes: ['mobile'],
      operatingSystems: ['android'],
      includeDomains: ['news.example.com'],
      excludeDomains: [],
      excludedCategories: ['IAB25', 'IAB26', 'IAB12'],
      bannerIds: [21],
      audienceIncludeIds: [],
      audienceExcludeIds: [],
    });
    // Its own page now, with its status and moves.
    expect(await screen.findByRole('heading', { name: 'Spring sale', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  }, 15_000);
});

describe('CampaignPage: the banner picker', () => {
  it('calls a dynamic banner dynamic, serving every size, not HTML5 of its logo size', async () => {
    const dynamic = makeBanner({ id: 23, name: 'Catalogue', type: 'dynamic', width: 300, height: 250 });
    showNew(
      { 'GET /advertiser/banners': [200, { data: { banners: page([approved, dynamic]) } }] },
      '?step=creatives',
    );
    const choice = await screen.findByRole('checkbox', { name: /Catalogue/ });
    expect(choice).toHaveAccessibleName(expect.stringContaining('Dynamic'));
    expect(choice).toHaveAccessibleName(expect.stringContaining('All sizes'));
    expect(choice).not.toHaveAccessibleName(expect.stringMatching(/HTML5|300x250/));
    expect(screen.getByRole('checkbox', { name: /Rectangle/ })).toHaveAccessibleName(
      expect.stringContaining('300x250'),
    );
  });
});

describe('CampaignPage: brand safety', () => {
  const sensitive = ['Non-Standard Content (IAB25)', 'Illegal Content (IAB26)'];

  it('avoids the sensitive categories in a new campaign until the user says otherwise', async () => {
    const created = makeCampaign({ id: 7, name: 'Spring sale', status: 'draft' });
    const calls = showNew({
      'POST /advertiser/campaigns': [201, { data: { campaign: created } }],
      'GET /advertiser/campaigns/7': [200, { data: { campaign: created } }],
    });
    await screen.findByRole('heading', { name: 'New campaign', level: 1 });
    const user = userEvent.setup();
    await fill(user, 'Name', 'Spring sale');
    await fill(user, 'Daily budget (PLN)', '100');
    await fill(user, 'Maximum CPM (PLN)', '2.5');
    await walkTo('Audience & targeting');
    for (const name of sensitive) expect(screen.getByRole('checkbox', { name })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'News (IAB12)' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: sensitive[0] }));
    await walkTo('Review');
    await create();
    await screen.findByText('The campaign Spring sale has been created as a draft.');
    expect(
      calls.find((call) => call.method === 'POST' && call.path === '/advertiser/campaigns')?.body,
    ).toMatchObject({
      excludedCategories: ['IAB26'],
    });
  }, 15_000);

  it('keeps what a saved campaign excludes', async () => {
    stubApi({
      ...replies,
      'GET /advertiser/campaigns/5': [
        200,
        { data: { campaign: makeCampaign({ id: 5, excludedCategories: [] }) } },
      ],
    });
    renderWithToasts(<CampaignPage />, {
      path: '/panel/advertiser/campaigns/5?tab=settings&step=targeting',
      route,
      profile: writer,
    });
    expect(await screen.findByRole('checkbox', { name: sensitive[1] })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: sensitive[0] })).not.toBeChecked();
  });
});

describe('CampaignPage: a saved campaign', () => {
  const draft = makeCampaign({
    id: 5,
    name: 'Spring sale',
    status: 'draft',
    dailyBudget: 5000,
    totalBudget: null,
    derivedDailyBudget: null,
    hoursOfWeek: [9, 10],
    clickWindowDays: 14,
    viewWindowDays: 0,
    banners: [attachedBanner(pending)],
    servingStatus: { serving: false, reasons: [{ code: 'draft' }, { code: 'no_approved_creative' }] },
  });
  const showSaved = (handlers = {}, profile = writer) => {
    const calls = stubApi({
      ...replies,
      'GET /advertiser/campaigns/5': [200, { data: { campaign: draft } }],
      ...handlers,
    });
    renderWithToasts(<CampaignPage />, { path: '/panel/advertiser/campaigns/5', route, profile });
    return calls;
  };

  it('shows why it does not serve, with its status moves', async () => {
    const calls = showSaved({
      'PUT /advertiser/campaigns/5/status': [200, { data: { campaign: { ...draft, status: 'active' } } }],
    });
    const summary = await screen.findByRole('region', { name: 'Campaign status' });
    expect(summary).toHaveTextContent('Not serving');
    expect(within(summary).getByRole('link', { name: 'Go to banners' })).toBeInTheDocument();
    expect(within(summary).queryByRole('link', { name: 'Change the campaign' })).not.toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    await userEvent.click(within(summary).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('The campaign is active.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/advertiser/campaigns/5/status')?.body).toMatchObject({
      status: 'active',
    });
    expect(await within(summary).findByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('fills every step from the campaign; the server’s field errors land on their fields, other steps flagged', async () => {
    showSaved({
      'PUT /advertiser/campaigns/5': validationError({
        maxCpm: [campaignMessages.bidBelowMinimum.replace('{min}', '5.00')],
        'excludeDomains.0': [campaignMessages.tooManyDomains.replace('{max}', '10000')],
        viewWindowDays: [campaignMessages.viewWindowRange],
      }),
    });
    expect(await screen.findByLabelText('Daily budget (PLN)')).toHaveValue('50.00');
    expect(screen.getByLabelText('Maximum CPM (PLN)')).toHaveValue('4.50');

    // Saved from the first step; its own error keeps it there.
    await userEvent.click(screen.getByRole('button', { name: 'Save campaign' }));
    const cpm = screen.getByLabelText('Maximum CPM (PLN)');
    await waitFor(() => expect(cpm).toHaveAccessibleDescription('The maximum CPM must be at least 5.00.'));
    expect(cpm).toHaveFocus();
    expect(currentStep()).toHaveTextContent('Goal & budget');
    const steps = screen.getByRole('navigation', { name: 'Campaign set-up steps' });
    expect(
      within(steps).getByRole('link', { name: 'Audience & targeting (has errors)' }),
    ).toBeInTheDocument();
    expect(within(steps).getByRole('link', { name: 'Schedule (has errors)' })).toBeInTheDocument();
    expect(within(steps).getByRole('link', { name: 'Creatives (done)' })).toBeInTheDocument();

    await userEvent.click(within(steps).getByRole('link', { name: /Audience & targeting/ }));
    expect(await screen.findByLabelText('Never on these sites and apps')).toHaveAccessibleDescription(
      /At most 10000 domains\./,
    );
    await userEvent.click(within(steps).getByRole('link', { name: /Creatives/ }));
    expect(await screen.findByRole('checkbox', { name: /Skyscraper/ })).toBeChecked();
    expect(
      screen.getByText('No approved banner picked yet: the campaign cannot run without one.'),
    ).toBeInTheDocument();
    await userEvent.click(within(steps).getByRole('link', { name: /Schedule/ }));
    expect(await screen.findByLabelText('Post-click window (days)')).toHaveValue('14');
    expect(screen.getByLabelText('Post-view window (days)')).toHaveValue('0');
    expect(screen.getByLabelText('Post-view window (days)')).toHaveAccessibleDescription(
      /^Enter a whole number of days from 0 to 30\./,
    );
    expect(screen.getByRole('button', { name: 'Monday 09:00–10:00' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }, 15_000);

  it('is read only without campaigns:write, on every step', async () => {
    showSaved({}, reader);
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save campaign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    expect(screen.getByText('Your role lets you see campaigns, not change them.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Audience & targeting/ }));
    expect(await screen.findByRole('checkbox', { name: 'Poland' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('checkbox', { name: /Skyscraper/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('link', { name: /Review/ }));
    expect(await screen.findByRole('heading', { name: 'Review', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save campaign' })).not.toBeInTheDocument();
  });

  it('keeps an archived campaign as it is until it is restored', async () => {
    showSaved({
      'GET /advertiser/campaigns/5': [200, { data: { campaign: { ...draft, status: 'archived' } } }],
    });
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.getByText('An archived campaign cannot be changed: restore it first.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save campaign' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
  });

  it('says when the campaign does not exist', async () => {
    stubApi({ ...replies });
    renderWithToasts(<CampaignPage />, { path: '/panel/advertiser/campaigns/99', route, profile: writer });
    expect(await screen.findByText('Campaign not found')).toBeInTheDocument();
  });
});

describe('CampaignPage: tabs', () => {
  it('opens on the performance the panel puts in, with the settings one tab away', async () => {
    stubApi({ ...replies, 'GET /advertiser/campaigns/1': [200, { data: { campaign: makeCampaign() } }] });
    renderWithToasts(<CampaignPage performance={(campaign) => <p>Performance of {campaign.name}</p>} />, {
      path: '/panel/advertiser/campaigns/1',
      route,
      profile: writer,
    });
    expect(await screen.findByText('Performance of Spring sale')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Spring sale');
    expect(screen.queryByText('Performance of Spring sale')).not.toBeInTheDocument();
  });

  it('is the form alone for a new campaign', async () => {
    showNew();
    await screen.findByRole('heading', { name: 'New campaign', level: 1 });
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
