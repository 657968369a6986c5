import type { CommonStatus, MeDto, RtbViewStatus, ViewStatusKey } from '@rtb/shared';
import { rtbViewStatusMessages, viewAreas } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { IntegrationStatus } from './integration-status';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const messageKeys: Record<keyof RtbViewStatus, ViewStatusKey> = {
  products: 'productsImporting',
  tags: 'tagsNone',
  banners: 'bannersNone',
  reports: 'reportsNoDelivery',
  campaigns: 'campaignsNone',
};

const notYet = Object.fromEntries(
  viewAreas.map((area) => [
    area,
    {
      commonStatus: 'Processing',
      message: rtbViewStatusMessages[messageKeys[area]],
      messageKey: messageKeys[area],
      requiresAction: false,
    },
  ]),
) as RtbViewStatus;

const withStatuses = (statuses: Partial<Record<keyof RtbViewStatus, CommonStatus>>): RtbViewStatus =>
  Object.fromEntries(
    viewAreas.map((area) => [
      area,
      { ...notYet[area], commonStatus: statuses[area] ?? notYet[area].commonStatus },
    ]),
  ) as RtbViewStatus;

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function show(
  status: RtbViewStatus,
  path = '/panel/advertiser/banners',
  profile: MeDto = makeMe('advertiser'),
) {
  const calls = stubApi({ 'GET /advertiser/rtb-views/status': [200, { data: { rtbViewStatus: status } }] });
  const view = renderPage(
    <>
      <IntegrationStatus />
      <h1>The page</h1>
      <Location />
    </>,
    { path, route: '/panel/advertiser/*', profile },
  );
  return { ...view, calls };
}

const button = () => screen.getByRole('button', { name: /Check integration status/ });
/** The words of a status ('OK' in English, as the abbreviation is written). */
const shownAs = (status: string) => (status === 'Ok' ? 'OK' : status);
/** The button once the status has loaded (the first render of a file can be slow on a busy machine). */
const loaded = (overall: string) =>
  waitFor(() => expect(button()).toHaveAccessibleName(`Check integration status ${shownAs(overall)}`), {
    timeout: 4000,
  });
const panel = () => screen.getByRole('dialog', { name: 'Integration status' });

describe('integration status button', () => {
  it.each([
    [{ products: 'Ok', tags: 'Ok', banners: 'Ok', reports: 'Ok', campaigns: 'Ok' }, 'Ok'],
    [{ products: 'Ok', tags: 'Processing', banners: 'Ok', reports: 'Ok', campaigns: 'Ok' }, 'Processing'],
    [
      { products: 'Processing', tags: 'Ok', banners: 'Warning', reports: 'Ok', campaigns: 'Processing' },
      'Warning',
    ],
    [{ products: 'Warning', tags: 'Processing', banners: 'Ok', reports: 'Ok', campaigns: 'Error' }, 'Error'],
  ] as const)('shows the worst area as the overall status (%o -> %s)', async (statuses, overall) => {
    show(withStatuses(statuses));
    await loaded(overall);
    expect(button()).toHaveAttribute('data-status', overall);
  });

  it('opens the panel with the five areas: status, message and whether they need action', async () => {
    const user = userEvent.setup();
    const { calls } = show({
      ...notYet,
      // A message the web has no text for (a key newer than it) is shown as the API wrote it.
      tags: {
        commonStatus: 'Error',
        message: 'The tag was not seen for 3 days.',
        messageKey: 'tagsNotSeen' as ViewStatusKey,
        requiresAction: true,
      },
    });
    await loaded('Error');
    await user.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    const items = within(panel()).getAllByRole('listitem');
    expect(
      items.map((item) => within(item).getByText(/^(Products|Tags|Banners|Reports|Campaigns)$/).textContent),
    ).toEqual(['Products', 'Tags', 'Banners', 'Reports', 'Campaigns']);
    expect(items[0]).toHaveTextContent('Processing');
    expect(items[0]).toHaveTextContent('The product feed is being imported.');
    expect(items[0]).not.toHaveTextContent('Action needed');
    expect(items[1]).toHaveTextContent('Error');
    expect(items[1]).toHaveTextContent('The tag was not seen for 3 days.');
    expect(items[1]).toHaveTextContent('Action needed');
    expect(within(panel()).getByText('Overall').parentElement).toHaveTextContent('Error');
    // Opening asks again: the first load and a fresh one.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/advertiser/rtb-views/status')).toHaveLength(2),
    );
  });

  it.each([
    ['Products', '/panel/advertiser/integrations'],
    ['Tags', '/panel/advertiser/integrations'],
    ['Banners', '/panel/advertiser/banners'],
    ['Reports', '/panel/advertiser/reports'],
    ['Campaigns', '/panel/advertiser/campaigns'],
  ])('%s leads to %s and closes the panel', async (area, path) => {
    const user = userEvent.setup();
    show(notYet, '/panel/advertiser/payments');
    await user.click(button());
    await user.click(await within(panel()).findByRole('button', { name: new RegExp(`^${area}`) }));
    expect(await screen.findByTestId('location')).toHaveTextContent(path);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an entry of the page the user is on goes nowhere and the panel stays open', async () => {
    const user = userEvent.setup();
    show(notYet, '/panel/advertiser/integrations');
    await user.click(button());
    const list = within(panel());
    await list.findByText('Campaigns');
    const products = list.getByText('Products').closest('li') as HTMLElement;
    expect(within(products).queryByRole('button')).not.toBeInTheDocument();
    expect(within(products).getByText('You are here')).toBeInTheDocument();
    await user.click(within(products).getByText('Products'));
    expect(panel()).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    // The other entries still lead away.
    expect(list.getByRole('button', { name: /^Banners/ })).toBeInTheDocument();
  });

  it('Escape and the close button close the panel, focus back on the button', async () => {
    const user = userEvent.setup();
    show(notYet);
    await user.click(button());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
    await user.click(button());
    await user.click(within(panel()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(button());
    await user.click(screen.getByRole('heading', { name: 'The page' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the status cannot be loaded, and offers to try again', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /advertiser/rtb-views/status': [
        500,
        { message: 'A critical error occurred, please try again.', code: 500 },
      ],
    });
    renderPage(<IntegrationStatus />, {
      path: '/panel/advertiser/banners',
      route: '/panel/advertiser/*',
      profile: makeMe('advertiser'),
    });
    await loaded('Unavailable');
    await user.click(button());
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'The integration status could not be loaded.',
    );
    expect(within(panel()).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is not there for a role that may not read integrations, and asks nothing', async () => {
    const { calls } = show(
      notYet,
      '/panel/advertiser/banners',
      makeMe('advertiser', { localRole: 'viewer', permissions: ['banners:read'] }),
    );
    await screen.findByRole('heading', { name: 'The page' });
    expect(screen.queryByRole('button', { name: /Check integration status/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
