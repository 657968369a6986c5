import type { TagEventSummary, TagSettings } from '@rtb/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Handler, makeMe, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { currenciesReply, pageTestHooks, renderWithToasts } from '../agencies/test-utils';
import { audiencesReply, makeAudience } from '../audiences/test-fixtures';
import { makeBanner, page, settings } from '../campaigns/test-fixtures';
import { IntegrationsPage } from '../integrations';
import { feedImport, feedReply, productFeed } from '../products/test-fixtures';

pageTestHooks();
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const writer = makeMe('advertiser');
const reader = makeMe('advertiser', {
  localRole: 'viewer',
  permissions: ['integrations:read', 'banners:read', 'campaigns:read'],
});
const tag = (overrides: Partial<TagSettings> = {}): TagSettings => ({
  tagKey: 'key-of-the-shop-1234',
  scriptUrl: 'https://rtb.example.com/tag.js',
  snippet: "<script>rtbTag('init', \"key-of-the-shop-1234\", { consent: 'granted' });</script>",
  lastEventAt: null,
  eventsLast7Days: 0,
  onlyBots: false,
  ...overrides,
});
const noEvents = { viewHome: 0, viewList: 0, viewItem: 0, addToCart: 0, viewBasket: 0, trackTransaction: 0 };
const summary = (counts: Partial<TagEventSummary['counts']> = {}): TagEventSummary => {
  const all = { ...noEvents, ...counts };
  return { since: '2026-03-09 09:00:00', counts: all, total: Object.values(all).reduce((a, b) => a + b, 0) };
};
const viewers = makeAudience({
  id: 11,
  name: 'Viewers',
  rule: 'product_viewers',
  lookbackDays: 30,
  estimatedSize: 10_000,
  campaignCount: 0,
});
const abandoners = makeAudience({
  id: 12,
  name: 'Carts',
  rule: 'cart_abandoners',
  lookbackDays: 14,
  campaignCount: 0,
});
const buyers = makeAudience({ id: 13, name: 'Buyers', rule: 'buyers', lookbackDays: 90, campaignCount: 0 });
const dynamic = makeBanner({ id: 31, name: 'Products of the day', type: 'dynamic', status: 'approved' });

/** A fresh install: nothing set up. */
const fresh: Record<string, Handler> = {
  'GET /advertiser/product-feed': feedReply(null),
  'GET /advertiser/tag': [200, { data: { tag: tag() } }],
  'GET /advertiser/tag/events/summary': [200, { data: { tagEventSummary: summary() } }],
  'GET /advertiser/audiences': audiencesReply([]),
  'GET /advertiser/banners': [200, { data: { banners: page([]) } }],
  'GET /advertiser/campaigns/settings': [200, { data: { campaignSettings: settings } }],
  'GET /currencies': currenciesReply,
};
const show = (handlers: Record<string, Handler> = {}, profile = writer) => {
  const calls = stubApi({ ...fresh, ...handlers });
  renderWithToasts(<IntegrationsPage />, {
    path: '/panel/advertiser/integrations',
    route: '/panel/advertiser/integrations',
    profile,
  });
  return calls;
};
const step = (id: string) => screen.getByTestId(`setup-step-${id}`);
const stateOf = async (id: string, state: string) =>
  waitFor(() => expect(within(step(id)).getByText(state, { selector: 'span' })).toBeInTheDocument());

describe('the retargeting set-up', () => {
  it('is the integrations page’s first tab; on a fresh install every step is to do, each saying what to do next', async () => {
    show();
    expect(screen.getByRole('tab', { name: 'Retargeting set-up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Products' })).toBeInTheDocument();
    for (const id of ['feed', 'tag', 'audiences', 'banner', 'campaign']) await stateOf(id, 'To do');
    expect(within(step('feed')).getByText(/No product feed yet/)).toBeInTheDocument();
    expect(within(step('feed')).getByRole('link', { name: 'Connect the feed' })).toHaveAttribute(
      'href',
      '/panel/advertiser/integrations?tab=products',
    );
    expect(within(step('tag')).getByText(/No events yet/)).toBeInTheDocument();
    expect(within(step('audiences')).getAllByText(/: missing$/)).toHaveLength(3);
    expect(within(step('banner')).getByRole('link', { name: 'Make a dynamic banner' })).toHaveAttribute(
      'href',
      '/panel/advertiser/banners?new=dynamic',
    );
    // The campaign is offered even before the rest: what is missing is left out of it.
    expect(within(step('campaign')).getByText(/Some earlier steps are not done/)).toBeInTheDocument();
    expect(within(step('campaign')).getByTestId('suggested-budget')).toHaveTextContent(
      'Suggested: a daily budget of 10.00 zł and a maximum CPM of 3.00 zł, for 0 people seeing up to 3 ads a day.',
    );
  });

  it('shows each step’s state from the APIs: an import running, events by type, audiences and a banner in review', async () => {
    show({
      'GET /advertiser/product-feed': feedReply(
        productFeed({ lastImport: feedImport({ status: 'running', finishedAt: null }), productCount: 0 }),
      ),
      'GET /advertiser/tag': [200, { data: { tag: tag({ lastEventAt: '2026-03-09 09:00:00' }) } }],
      'GET /advertiser/tag/events/summary': [
        200,
        {
          data: {
            tagEventSummary: summary({ viewHome: 4, viewItem: 12, addToCart: 3, trackTransaction: 1 }),
          },
        },
      ],
      'GET /advertiser/audiences': audiencesReply([viewers, abandoners, buyers]),
      'GET /advertiser/banners': [
        200,
        { data: { banners: page([{ ...dynamic, status: 'pending', name: 'Awaiting' }]) } },
      ],
    });
    await stateOf('feed', 'Waiting');
    expect(within(step('feed')).getByText(/being imported/)).toBeInTheDocument();
    await stateOf('tag', 'Done');
    expect(
      within(step('tag')).getByText('The tag works: 20 events in the last 24 hours.'),
    ).toBeInTheDocument();
    const counts = within(step('tag')).getByRole('list', { name: 'Events in the last 24 hours by type' });
    expect(counts).toHaveTextContent('Product view: 12');
    expect(counts).toHaveTextContent('Transaction: 1');
    await stateOf('audiences', 'Done');
    expect(within(step('audiences')).getByText(/“Viewers”, about 10,000 people/)).toBeInTheDocument();
    await stateOf('banner', 'Waiting');
    expect(
      within(step('banner')).getByText('“Awaiting” awaits review; it can serve once approved.'),
    ).toBeInTheDocument();
    await stateOf('campaign', 'To do');
  });

  it('says done for a feed with products, quiet or bot-only tags wait, and a campaign that uses the audience', async () => {
    show({
      'GET /advertiser/product-feed': feedReply(
        productFeed({ lastImport: feedImport(), productCount: 1_200 }),
      ),
      'GET /advertiser/tag': [200, { data: { tag: tag({ onlyBots: true }) } }],
      'GET /advertiser/audiences': audiencesReply([{ ...viewers, campaignCount: 1 }, abandoners, buyers]),
      'GET /advertiser/banners': [200, { data: { banners: page([dynamic]) } }],
    });
    await stateOf('feed', 'Done');
    expect(within(step('feed')).getByText('The feed is connected: 1,200 products.')).toBeInTheDocument();
    await stateOf('tag', 'Waiting');
    expect(within(step('tag')).getByText(/Only bots have sent events/)).toBeInTheDocument();
    await stateOf('banner', 'Done');
    await stateOf('campaign', 'Done');
    expect(
      within(step('campaign')).queryByRole('link', { name: 'Start the retargeting campaign' }),
    ).toBeNull();
  });

  it('checks the tag again on request', async () => {
    let reply = summary();
    const calls = show({
      'GET /advertiser/tag/events/summary': () => [200, { data: { tagEventSummary: reply } }],
    });
    await stateOf('tag', 'To do');
    reply = summary({ viewItem: 2 });
    await userEvent.click(within(step('tag')).getByRole('button', { name: 'Check again' }));
    await stateOf('tag', 'Done');
    expect(calls.filter((call) => call.path === '/advertiser/tag/events/summary')).toHaveLength(2);
  });

  it('creates the missing standard audiences with their rules and lookbacks, in one click', async () => {
    let existing = [viewers];
    const calls = show({
      'GET /advertiser/audiences': () => audiencesReply(existing),
      'POST /advertiser/audiences': (call) => {
        const made = makeAudience({ ...(call.body as object), id: 20 + existing.length, estimatedSize: 0 });
        existing = [...existing, made];
        return [201, { data: { audience: made } }];
      },
    });
    await stateOf('audiences', 'To do');
    await userEvent.click(
      within(step('audiences')).getByRole('button', { name: 'Create the 2 missing audiences' }),
    );
    expect(await screen.findByText('2 audiences created.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'Cart abandoners, 14 days', rule: 'cart_abandoners', productType: null, lookbackDays: 14 },
      { name: 'Buyers, 90 days (to exclude)', rule: 'buyers', productType: null, lookbackDays: 90 },
    ]);
    await stateOf('audiences', 'Done');
  });

  it('opens the campaign form filled in: viewers included, buyers excluded, the dynamic banner, the suggested budget', async () => {
    show({
      'GET /advertiser/audiences': audiencesReply([viewers, abandoners, buyers]),
      'GET /advertiser/banners': [200, { data: { banners: page([dynamic]) } }],
    });
    const start = await within(await screen.findByTestId('setup-step-campaign')).findByRole('link', {
      name: 'Start the retargeting campaign',
    });
    // 10,000 people × 3 a day at 3.00 per 1,000 = 90.00 a day.
    expect(start).toHaveAttribute(
      'href',
      '/panel/advertiser/campaigns/new?name=Retargeting%3A+product+viewers&include=11&exclude=13&banners=31&daily=9000&cpm=300&perDay=3',
    );
    expect(within(step('campaign')).getByTestId('suggested-budget')).toHaveTextContent(
      'a daily budget of 90.00 zł and a maximum CPM of 3.00 zł, for 10,000 people',
    );
  });

  it('offers no changes to a user who may only read', async () => {
    show({}, reader);
    await stateOf('audiences', 'To do');
    await stateOf('campaign', 'To do');
    expect(within(step('audiences')).queryByRole('button', { name: /Create/ })).toBeNull();
    expect(within(step('banner')).queryByRole('link', { name: 'Make a dynamic banner' })).toBeNull();
    expect(
      within(step('campaign')).queryByRole('link', { name: 'Start the retargeting campaign' }),
    ).toBeNull();
  });

  it('reads in Polish', async () => {
    await act(() => i18n.changeLanguage('pl'));
    show({
      'GET /advertiser/product-feed': feedReply(productFeed({ lastImport: feedImport(), productCount: 3 })),
    });
    expect(screen.getByRole('tab', { name: 'Konfiguracja retargetingu' })).toBeInTheDocument();
    await stateOf('feed', 'Gotowe');
    expect(
      within(step('feed')).getByText('Plik produktowy jest podłączony: 3 produkty.'),
    ).toBeInTheDocument();
    await stateOf('tag', 'Do zrobienia');
    expect(
      within(step('audiences')).getByRole('button', { name: 'Utwórz 3 brakujące grupy' }),
    ).toBeInTheDocument();
    expect(
      within(step('campaign')).getByRole('heading', { name: 'Krok 5: Uruchom kampanię retargetingową' }),
    ).toBeInTheDocument();
  });
});
