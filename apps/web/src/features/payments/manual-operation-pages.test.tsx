import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi } from '../../account/account-test-utils';
import { AdvertiserPage } from '../advertisers';
import { AgencyPage } from '../agencies';
import {
  dismissToasts,
  listReply,
  makeAdvertiser,
  makeAgency,
  referenceReplies,
  renderWithToasts,
  writer,
} from '../agencies/test-utils';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const agencyRoute = '/panel/admin/agencies/single';
const advertiserRoute = '/panel/admin/advertisers/single';
const agencyReplies = (balance: () => number) => ({
  ...referenceReplies,
  'GET /admin/agencies/7': () => [200, { data: { agency: makeAgency({ balance: balance() }) } }] as const,
  'GET /admin/agencies/7/status-verifications': listReply('logStatusVerifications', []),
  'GET /admin/advertisers': listReply('advertisers', []),
  'GET /admin/advertisers/31/status-verifications': listReply('logStatusVerifications', []),
});
const moneyFigure = (term: string) =>
  within(screen.getByRole('region', { name: 'Balance and credit' })).getByText(term).nextElementSibling;

describe("Money operations on the admin's organisation pages", () => {
  it("tops up an agency by hand and shows the agency's new balance", async () => {
    let balance = -5000;
    stubApi({
      ...agencyReplies(() => balance),
      'POST /admin/agencies/7/top-ups': () => {
        balance = 15000;
        return [201, { data: { payment: { id: 1 } } }];
      },
    });
    renderWithToasts(<AgencyPage />, { path: `${agencyRoute}?id=7`, route: agencyRoute, profile: writer });
    const section = await screen.findByRole('region', { name: 'Money operations' });
    expect(moneyFigure('Balance')).toHaveTextContent('-50.00 zł');
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Balance operation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Balance operation' });
    await fill(user, 'Amount (zł)', '200');
    await fill(user, 'Reason', 'Paid in cash');
    await user.click(within(dialog).getByRole('button', { name: 'Save the operation' }));
    await waitFor(() => expect(moneyFigure('Balance')).toHaveTextContent('150.00 zł'));
  });

  it('shows the money operations on an advertiser page to admins who may write payments only', async () => {
    stubApi({
      ...agencyReplies(() => 0),
      'GET /admin/advertisers/31': [200, { data: { advertiser: makeAdvertiser() } }],
    });
    const path = `${advertiserRoute}?id=31`;
    const { unmount } = renderWithToasts(<AdvertiserPage panel="admin" />, {
      path,
      route: advertiserRoute,
      profile: writer,
    });
    expect(await screen.findByRole('region', { name: 'Money operations' })).toBeInTheDocument();
    unmount();
    const advertisersEditor = makeMe('admin', {
      localRole: 'editor',
      permissions: ['advertisers:write', 'payments:read'],
    });
    renderWithToasts(<AdvertiserPage panel="admin" />, {
      path,
      route: advertiserRoute,
      profile: advertisersEditor,
    });
    await screen.findByRole('heading', { name: 'Demo Shop', level: 1 });
    expect(screen.queryByRole('region', { name: 'Money operations' })).not.toBeInTheDocument();
  });
});
