import type { BannerReviewItemDto } from '@rtb/shared';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, fill, makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { ToastProvider } from '../../shell/toast/toaster';
import { AdvertisersPage } from '../advertisers';
import { banner, page, reviewItem } from '../banners/test-fixtures';
import { AdvertiserCreatives } from './advertiser-creatives';

const admin = makeMe('admin');
const reader = makeMe('admin', { localRole: 'user', permissions: ['advertisers:read'] });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const showQueue = (profile = admin, query = '?tab=creatives') =>
  renderPage(
    <ToastProvider>
      <AdvertisersPage panel="admin" />
    </ToastProvider>,
    { path: `/panel/admin/advertisers${query}`, route: '/panel/admin/advertisers', profile },
  );

/** A queue of `items` that the decisions take creatives out of. */
function stubQueue(items: BannerReviewItemDto[]) {
  let waiting = [...items];
  const calls = stubApi({
    'GET /admin/banners/review': (call: Call) =>
      call.query.get('perPage') === '1'
        ? [200, { data: { banners: page(waiting.slice(0, 1), { perPage: 1, total: waiting.length }) } }]
        : [200, { data: { banners: page(waiting) } }],
    ...Object.fromEntries(
      items.flatMap((item) => [
        [`GET /admin/banners/${item.id}`, () => [200, { data: { banner: banner({ ...item }) } }] as const],
        [
          `PUT /admin/banners/${item.id}/review`,
          (call: Call) => {
            waiting = waiting.filter((other) => other.id !== item.id);
            const status = call.body?.decision === 'approve' ? 'approved' : 'rejected';
            return [200, { data: { banner: banner({ ...item, status }) } }] as const;
          },
        ],
      ]),
    ),
  });
  return calls;
}

const first = reviewItem({ id: 5, name: 'Spring sale' });
const second = reviewItem({
  id: 6,
  name: 'Autumn sale',
  advertiser: {
    id: 8,
    name: 'Bags Ltd',
    code: 'BAGS02',
    agency: { id: 3, name: 'Nowa Agencja' },
    creativesTrusted: true,
  },
});

describe('the review queue', () => {
  it('counts the creatives waiting on its tab, lists them with their advertisers, approves and moves on', async () => {
    const calls = stubQueue([first, second]);
    showQueue();
    const user = userEvent.setup();
    const tab = await screen.findByRole('tab', { name: /Creatives to review.*2 creatives waiting/ });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Creatives to review' });
    const row = within(table).getByText('Bags Ltd').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('BAGS02 · Nowa Agencja');
    expect(within(row).getByText('Trusted')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Spring sale' }));
    const panel = await screen.findByRole('dialog', { name: 'Spring sale' });
    expect(await within(panel).findByRole('img', { name: 'Preview of Spring sale' })).toHaveAttribute(
      'width',
      '300',
    );
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Spring sale has been approved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/admin/banners/5/review',
      body: { decision: 'approve' },
    });
    // The next one opens, and the count follows.
    expect(await screen.findByRole('dialog', { name: 'Autumn sale' })).toBeInTheDocument();
    expect(
      await screen.findByRole('tab', { name: /Creatives to review.*1 creative waiting/ }),
    ).toBeInTheDocument();
  });

  it('rejects only with a reason, and with a note when the reason is Other', async () => {
    const calls = stubQueue([first]);
    showQueue(admin, '?tab=creatives&banner=5');
    const user = userEvent.setup();
    const panel = await screen.findByRole('dialog', { name: 'Spring sale' });
    const reject = await within(panel).findByRole('button', { name: 'Reject' });

    await user.click(reject);
    expect(await within(panel).findByText('Choose a reason.')).toBeInTheDocument();
    await user.selectOptions(within(panel).getByLabelText('Reason'), 'other');
    await user.click(reject);
    expect(await within(panel).findByText('Describe the reason.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await fill(user, 'Note for the advertiser', 'The logo is cut off.');
    await user.click(reject);
    expect(await screen.findByText('Spring sale has been rejected.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      decision: 'reject',
      reason: 'other',
      note: 'The logo is cut off.',
    });
    // Nothing left: the panel closes and the queue is empty.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Creatives to review' })).toBeInTheDocument();
  });

  it('lets an admin without advertisers:write look but not decide', async () => {
    stubQueue([first]);
    showQueue(reader, '?tab=creatives&banner=5');
    const panel = await screen.findByRole('dialog', { name: 'Spring sale' });
    expect(
      await within(panel).findByText('You can see the creatives but not decide on them.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
  });
});

describe('the advertiser page’s creatives', () => {
  it('lists that advertiser’s creatives, a pending one with a link to its review', async () => {
    const calls = stubApi({
      'GET /admin/banners': [
        200,
        {
          data: {
            banners: page([
              banner({ status: 'pending' }),
              banner({ id: 6, name: 'Old one', status: 'archived' }),
            ]),
          },
        },
      ],
    });
    renderPage(<AdvertiserCreatives advertiserId={4} />, {
      path: '/panel/admin/advertisers/single?id=4',
      profile: admin,
    });
    const table = await screen.findByRole('table', { name: 'The advertiser’s creatives' });
    expect(await within(table).findByRole('link', { name: 'Review Spring sale' })).toHaveAttribute(
      'href',
      '/panel/admin/advertisers?tab=creatives&banner=5',
    );
    expect(within(table).getByText('Archived')).toBeInTheDocument();
    expect(within(table).getAllByRole('link')).toHaveLength(1);
    expect(calls[0]?.query.get('advertiserId')).toBe('4');
  });
});
