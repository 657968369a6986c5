import { type CampaignBulkEditDto, campaignMessages, IDEMPOTENCY_KEY_HEADER } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Call, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { currenciesReply, pageTestHooks, renderWithToasts } from '../agencies/test-utils';
import { CampaignsPage } from './campaigns-page';
import { makeListItem, page, settings, writer } from './test-fixtures';

pageTestHooks();
afterEach(() => i18n.changeLanguage('en'));

const path = '/panel/advertiser/campaigns';
const sale = makeListItem({ id: 1, name: 'Spring sale', maxCpm: 450 });
const teaser = makeListItem({ id: 2, name: 'Summer teaser', maxCpm: 150 });
const list = [200, { data: { campaigns: page([sale, teaser]) } }] as const;

const lowBid = 'The maximum CPM must be at least 2.00.';

/** The preview of a 10% raise: the sale goes 4.50 -> 4.95, the teaser's 1.65 is below the minimum. */
const raised: CampaignBulkEditDto = {
  currency: 'PLN',
  changed: [1],
  campaigns: [
    {
      id: 1,
      name: 'Spring sale',
      changes: [{ field: 'maxCpm', before: 450, after: 495 }],
      errors: {},
      issues: {},
    },
    {
      id: 2,
      name: 'Summer teaser',
      changes: [{ field: 'maxCpm', before: 150, after: 165 }],
      errors: { maxCpm: [lowBid] },
      issues: { maxCpm: [{ code: 'campaigns.bid_below_minimum', params: { min: 2 } }] },
    },
  ],
};

const bulkEdit = (result: CampaignBulkEditDto) => [200, { data: { campaignBulkEdit: result } }] as const;

function stub(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /advertiser/campaigns': list,
    'GET /advertiser/campaigns/settings': [200, { data: { campaignSettings: settings } }],
    'GET /currencies': currenciesReply,
    'POST /advertiser/campaigns/bulk-edit/preview': bulkEdit(raised),
    ...extra,
  });
}

/** Picks both campaigns and opens the edit dialog. */
async function openEdit(user: ReturnType<typeof userEvent.setup>, name = 'Edit 2 campaigns') {
  renderWithToasts(<CampaignsPage />, { path, profile: writer });
  await screen.findByRole('link', { name: 'Spring sale' });
  await user.click(screen.getAllByRole('checkbox')[0] as HTMLElement);
  const bulk = screen.getAllByRole('region')[0] as HTMLElement;
  await user.click(within(bulk).getAllByRole('button')[0] as HTMLElement);
  return screen.findByRole('dialog', { name });
}

const posts = (calls: Call[], url: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === url);

describe('editing many campaigns at once', () => {
  it('previews a 10% raise of the bid, each row before and after, the one that cannot in red, and applies to the others', async () => {
    const calls = stub({
      'POST /advertiser/campaigns/bulk-edit': bulkEdit({
        ...raised,
        campaigns: [raised.campaigns[0] as never],
      }),
    });
    const user = userEvent.setup();
    const dialog = await openEdit(user);
    // The app's own dialog, not the browser's.
    expect(window.confirm).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Setting')).toHaveValue('maxCpm');
    expect(within(dialog).getByLabelText('Change')).toHaveValue('percent');

    await user.type(within(dialog).getByLabelText('Percentage (%); a minus lowers'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('region', { name: 'What the change does' });
    expect(posts(calls, '/advertiser/campaigns/bulk-edit/preview')[0]?.body).toEqual({
      ids: [1, 2],
      change: { field: 'maxCpm', change: { how: 'percent', percent: 10 } },
    });
    expect(posts(calls, '/advertiser/campaigns/bulk-edit')).toHaveLength(0);

    const rows = within(preview).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Spring sale');
    await waitFor(() => expect(rows[1]).toHaveTextContent('4.50 zł → 4.95 zł'));
    expect(rows[1]).not.toHaveAttribute('data-failing');
    expect(rows[2]).toHaveTextContent('Summer teaser');
    expect(rows[2]).toHaveTextContent('1.50 zł → 1.65 zł');
    expect(rows[2]).toHaveAttribute('data-failing');
    expect(within(rows[2] as HTMLElement).getByText(lowBid)).toBeInTheDocument();
    expect(preview).toHaveTextContent(
      '1 campaign changes. 1 campaign cannot take this change (in red) and is left out.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Apply to 1 campaign' }));
    const applied = posts(calls, '/advertiser/campaigns/bulk-edit');
    expect(applied).toHaveLength(1);
    expect(applied[0]?.body).toEqual({
      ids: [1],
      change: { field: 'maxCpm', change: { how: 'percent', percent: 10 } },
    });
    expect(applied[0]?.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('1 campaign changed.')).toBeInTheDocument();
    // The dialog closes, the selection goes and the list is asked for again.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Selected campaigns' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/advertiser/campaigns').length).toBeGreaterThan(1);
  });

  it('says what is wrong with the change before asking the server, and drops the preview when the change changes', async () => {
    const calls = stub();
    const user = userEvent.setup();
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Percentage (%); a minus lowers'), '1,234');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByText(campaignMessages.percentChange)).toBeInTheDocument();
    expect(posts(calls, '/advertiser/campaigns/bulk-edit/preview')).toHaveLength(0);

    // Set the daily budget: an amount typed in either language.
    await user.selectOptions(within(dialog).getByLabelText('Setting'), 'dailyBudget');
    await user.selectOptions(within(dialog).getByLabelText('Change'), 'set');
    await user.type(within(dialog).getByLabelText('New amount (zł)'), '12,50');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByRole('region', { name: 'What the change does' });
    expect(posts(calls, '/advertiser/campaigns/bulk-edit/preview')[0]?.body).toEqual({
      ids: [1, 2],
      change: { field: 'dailyBudget', change: { how: 'set', amount: 1250 } },
    });
    await user.type(within(dialog).getByLabelText('New amount (zł)'), '0');
    expect(within(dialog).queryByRole('region', { name: 'What the change does' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();

    // The end date cleared, and the hours of the week as the form picks them.
    await user.selectOptions(within(dialog).getByLabelText('Setting'), 'endDate');
    await user.click(within(dialog).getByLabelText('No end date: run until stopped'));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(posts(calls, '/advertiser/campaigns/bulk-edit/preview')[1]?.body).toEqual({
        ids: [1, 2],
        change: { field: 'endDate', endDate: null },
      }),
    );
    await user.selectOptions(within(dialog).getByLabelText('Setting'), 'hoursOfWeek');
    await user.click(within(dialog).getByLabelText('Only at the hours chosen below'));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(posts(calls, '/advertiser/campaigns/bulk-edit/preview')).toHaveLength(3));
    const hours = posts(calls, '/advertiser/campaigns/bulk-edit/preview')[2]?.body?.change as {
      hoursOfWeek: number[];
    };
    expect(hours.hoursOfWeek).toHaveLength(40);
  });

  it('shows the refusal and the campaigns as they are now when the server refuses the change', async () => {
    let previews = 0;
    const refusedNow: CampaignBulkEditDto = {
      ...raised,
      changed: [],
      campaigns: raised.campaigns.map((row) => ({
        ...row,
        errors: { status: [campaignMessages.archivedNotEditable] },
        issues: { status: [{ code: 'campaigns.archived_not_editable' }] },
      })),
    };
    stub({
      'POST /advertiser/campaigns/bulk-edit/preview': () => {
        previews += 1;
        return bulkEdit(previews === 1 ? raised : refusedNow);
      },
      'POST /advertiser/campaigns/bulk-edit': [
        422,
        {
          message: 'Nothing was changed: 1 of the campaigns cannot take this change.',
          code: 422,
          error: 'campaigns.bulk_edit_refused',
          params: { count: 1 },
          errors: { 'campaigns.1.status': [campaignMessages.archivedNotEditable] },
          issues: { 'campaigns.1.status': [{ code: 'campaigns.archived_not_editable' }] },
        },
      ],
    });
    const user = userEvent.setup();
    const dialog = await openEdit(user);
    await user.type(within(dialog).getByLabelText('Percentage (%); a minus lowers'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Apply to 1 campaign' }));
    expect(
      await within(dialog).findByText('Nothing was changed: 1 of the campaigns cannot take this change.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getAllByText(campaignMessages.archivedNotEditable)).toHaveLength(2),
    );
    expect(within(dialog).getByRole('region', { name: 'What the change does' })).toHaveTextContent(
      'No campaign would change. 2 campaigns cannot take this change (in red) and are left out.',
    );
    expect(within(dialog).getByRole('button', { name: 'Apply to 0 campaigns' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Selected campaigns' })).toBeInTheDocument();
  });

  it('speaks Polish: the dialog, the preview and each campaign’s reason', async () => {
    await i18n.changeLanguage('pl');
    stub();
    const user = userEvent.setup();
    const dialog = await openEdit(user, 'Edytuj 2 kampanie');
    expect(within(dialog).getByLabelText('Ustawienie')).toHaveDisplayValue('Maksymalny CPM (stawka)');
    await user.type(within(dialog).getByLabelText('Procent (%); minus obniża'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Podgląd' }));
    const preview = await within(dialog).findByRole('region', { name: 'Co zmieni ta zmiana' });
    await waitFor(() => expect(preview).toHaveTextContent('4,50 zł → 4,95 zł'));
    expect(preview).toHaveTextContent('Maksymalny CPM musi wynosić co najmniej 2,00.');
    expect(preview).toHaveTextContent(
      'Zmieni się 1 kampania. 1 kampania nie może przyjąć tej zmiany (na czerwono) i zostanie pominięta.',
    );
    expect(within(dialog).getByRole('button', { name: 'Zastosuj do 1 kampanii' })).toBeEnabled();
  });
});
