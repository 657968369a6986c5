import { type ActivityLogDto, type ActivityLogsMeta, accountKinds, activityEntityTypes } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { formatDateTime } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import enTexts from '../../locales/en/activity-logs.json';
import plTexts from '../../locales/pl/activity-logs.json';
import { ActivityLogsPage } from './activity-logs-page';
import { diffRows } from './diff';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const entry = (id: number, overrides: Partial<ActivityLogDto> = {}): ActivityLogDto => ({
  id,
  createdAt: '2024-05-01 10:15:00',
  requestId: `req-${id}`,
  event: 'updated',
  entityType: 'advertiser',
  entityId: '12',
  entityName: null,
  changes: { before: { name: 'Demo Shop', phone: null }, after: { name: 'Demo Shop 2', phone: '+48 1' } },
  ip: '10.0.0.1',
  userAgent: 'Firefox',
  actor: { id: 7, kind: 'agency', login: 'agency@example.com', name: 'Adam Agencki' },
  impersonator: { id: 1, kind: 'admin', login: 'admin@example.com', name: 'Ada Admin' },
  agency: { id: 3, name: 'Demo Agency' },
  advertiser: { id: 12, name: 'Demo Shop' },
  currency: { id: 1, code: 'PLN', isoCode: 'PLN', symbol: 'zł' },
  ...overrides,
});

const meta = (overrides: Partial<ActivityLogsMeta> = {}): ActivityLogsMeta => ({
  page: 1,
  perPage: 25,
  total: 3,
  lastPage: 1,
  totalIsEstimate: false,
  nextCursor: null,
  ...overrides,
});

const listOf = (elements: ActivityLogDto[], m: Partial<ActivityLogsMeta> = {}) =>
  [200, { data: { activityLogs: { elements, meta: meta(m) } } }] as const;

const page25 = { page: 1, perPage: 25, total: 1, lastPage: 1 };
/** What the admin's filter pickers find: one agency, one advertiser, one user. */
const pickerReplies = {
  'GET /admin/agencies': [
    200,
    { data: { agencies: { elements: [{ id: 3, name: 'Demo Agency' }], meta: page25 } } },
  ],
  'GET /admin/agencies/3': [200, { data: { agency: { id: 3, name: 'Demo Agency' } } }],
  'GET /admin/advertisers': [
    200,
    { data: { advertisers: { elements: [{ id: 12, name: 'Demo Shop' }], meta: page25 } } },
  ],
  'GET /admin/activity-logs/users': [
    200,
    {
      data: {
        users: {
          elements: [
            {
              id: 7,
              login: 'agency@example.com',
              name: 'Adam Agencki',
              organisation: { id: 3, name: 'Demo Agency' },
            },
          ],
        },
      },
    },
  ],
} as const;

/** The API with the pickers' answers; the calls to the log itself. */
function stubLog(handlers: Parameters<typeof stubApi>[0]) {
  const calls = stubApi({ ...pickerReplies, ...handlers } as Parameters<typeof stubApi>[0]);
  const isLog = (path: string) => /^\/(admin|agency)\/activity-logs(\/\d+)?$/.test(path);
  // A live view: the log's calls as they come, without the pickers'.
  return new Proxy(calls, {
    get: (target, key) => {
      const log = target.filter((call) => isLog(call.path));
      const value = Reflect.get(log, key);
      return typeof value === 'function' ? value.bind(log) : value;
    },
  });
}

const path = '/panel/admin/activity-logs';
const render = (at = path, page = <ActivityLogsPage />) =>
  renderPage(page, { path: at, route: path, profile: makeMe('admin') });

describe('ActivityLogsPage', () => {
  it('lists the entries: local time, what changed, user with impersonator, organisation', async () => {
    stubLog({
      'GET /admin/activity-logs': listOf([
        entry(2),
        entry(1, {
          event: 'created',
          entityType: 'country',
          entityId: 'PL',
          actor: null,
          impersonator: null,
          agency: null,
          advertiser: null,
        }),
      ]),
    });
    render();
    expect(document.title).toBe('Activity Logs - RTB Panel');
    expect(screen.getByRole('heading', { name: 'Activity Logs' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Activity log entries, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0] as HTMLElement)).toEqual([
      formatDateTime('2024-05-01 10:15:00'),
      'Advertiser #12 updated',
      'Adam Agencki (by admin Ada Admin)',
      'Demo Agency / Demo Shop',
    ]);
    expect(cells(rows[1] as HTMLElement)).toEqual([
      formatDateTime('2024-05-01 10:15:00'),
      'Country #PL created',
      'System',
      '—',
    ]);
    expect(formatDateTime('2024-05-01 10:15:00')).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("loads the next page with the cursor on 'Load more', until there is none", async () => {
    const calls = stubLog({
      'GET /admin/activity-logs': (call) =>
        call.query.get('cursor') === 'CUR2'
          ? listOf([entry(1)], { page: 2, total: 3 })
          : listOf([entry(3), entry(2)], { total: 3, nextCursor: 'CUR2' }),
    });
    render();
    const more = await screen.findByRole('button', { name: 'Load more' });
    expect(calls[0]?.query.get('perPage')).toBe('25');
    expect(calls[0]?.query.has('cursor')).toBe(false);
    await userEvent.click(more);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(calls[1]?.query.get('cursor')).toBe('CUR2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the total is only a lower bound', async () => {
    stubLog({
      'GET /admin/activity-logs': listOf([entry(1)], {
        total: 10000,
        lastPage: 400,
        totalIsEstimate: true,
        nextCursor: 'X',
      }),
    });
    render();
    expect(await screen.findByText('Showing 1 of more than 10,000')).toBeInTheDocument();
  });

  it('sends the filters to the API and keeps them in the URL', async () => {
    const calls = stubLog({ 'GET /admin/activity-logs': listOf([entry(1)]) });
    render();
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Event'), 'Deleted');
    await user.selectOptions(screen.getByLabelText('Entity type'), 'Advertiser');
    await user.type(screen.getByLabelText('Entity ID'), '12');
    await user.type(screen.getByLabelText('From'), '01.05.2024');
    await user.type(screen.getByLabelText('To'), '31.05.2024');
    await user.type(screen.getByLabelText('Find an agency by name'), 'demo');
    await user.selectOptions(
      screen.getByLabelText('Agency'),
      await screen.findByRole('option', { name: 'Demo Agency' }),
    );
    await user.selectOptions(
      screen.getByLabelText('Advertiser'),
      await screen.findByRole('option', { name: 'Demo Shop' }),
    );
    await user.type(screen.getByLabelText('Find a user by e-mail or name'), 'adam');
    await user.selectOptions(
      screen.getByLabelText('User'),
      await screen.findByRole('option', { name: 'Adam Agencki (agency@example.com), Demo Agency' }),
    );
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(Object.fromEntries(calls[1]?.query ?? [])).toEqual({
      event: 'deleted',
      entityType: 'advertiser',
      entityId: '12',
      from: '2024-05-01',
      to: '2024-05-31',
      agencyId: '3',
      advertiserId: '12',
      actorAccountId: '7',
      perPage: '25',
    });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(Object.fromEntries(calls[2]?.query ?? [])).toEqual({ perPage: '25' });
    expect(screen.getByLabelText('Entity type')).toHaveValue('');
  });

  it('offers the entity types the log records as a choice, by name', async () => {
    stubLog({ 'GET /admin/activity-logs': listOf([entry(1)]) });
    render();
    await screen.findByRole('table');
    const select = screen.getByLabelText('Entity type');
    expect(select.tagName).toBe('SELECT');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options[0]).toEqual(['', 'All types']);
    expect(
      options
        .slice(1)
        .map(([value]) => value)
        .sort(),
    ).toEqual([...activityEntityTypes].sort());
    expect(options).toContainEqual(['form_contact', 'Support request']);
  });

  it("shows the API's refusal of an unknown entity type in the user's language", async () => {
    await i18n.changeLanguage('pl');
    stubLog({
      'GET /admin/activity-logs': [
        422,
        {
          message: 'The form contains validation errors.',
          code: 422,
          error: 'validation.failed',
          errors: { entityType: ['Choose an entity type from the list.'] },
          issues: { entityType: [{ code: 'activity_logs.unknown_entity_type' }] },
        },
      ],
    });
    render(`${path}?entityType=bulk`);
    expect(await screen.findByText('Wybierz typ obiektu z listy.')).toBeInTheDocument();
    expect(screen.getByLabelText('Typ obiektu')).toHaveAttribute('aria-invalid', 'true');
  });

  it('reads the filters from the URL', async () => {
    const calls = stubLog({ 'GET /admin/activity-logs': listOf([]) });
    render(`${path}?event=created&actorAccountId=7`);
    expect(await screen.findByText('No entries match these filters')).toBeInTheDocument();
    expect(calls[0]?.query.get('event')).toBe('created');
    expect(calls[0]?.query.get('actorAccountId')).toBe('7');
    expect(screen.getByLabelText('Event')).toHaveValue('created');
    // The chosen user is looked up by id and shown by name.
    expect(
      await screen.findByRole('option', { name: 'Adam Agencki (agency@example.com), Demo Agency' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('User')).toHaveValue('7');
  });

  it('checks the filters before asking (shared schema), with the errors on the fields', async () => {
    const calls = stubLog({ 'GET /admin/activity-logs': listOf([entry(1)]) });
    render();
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '10.05.2024');
    await user.type(screen.getByLabelText('To'), '01.05.2024');
    await user.type(screen.getByLabelText('Entity ID'), '5');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(screen.getByText('Choose the entity type too.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(1);
  });

  it("shows the API's field errors (a bad link)", async () => {
    stubLog({
      'GET /admin/activity-logs': [
        422,
        {
          message: 'The form contains validation errors.',
          code: 422,
          errors: { from: ['Enter a real date.'] },
        },
      ],
    });
    render(`${path}?from=2024-02-30`);
    expect(await screen.findByText('Enter a real date.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says an id filter of a bad link is no id, whatever check of the schema refused it', async () => {
    stubLog({
      'GET /admin/activity-logs': [
        422,
        {
          message: 'The form contains validation errors.',
          code: 422,
          error: 'validation.failed',
          errors: { agencyId: ['Too small: expected number to be >0'] },
          issues: { agencyId: [{ code: 'validation.number_too_small', params: { minimum: 1 } }] },
        },
      ],
    });
    render(`${path}?agencyId=0`);
    expect(await screen.findByText('Enter a whole number greater than 0.')).toBeInTheDocument();
  });

  it('shows the empty state without filters', async () => {
    stubLog({ 'GET /admin/activity-logs': listOf([], { total: 0 }) });
    render();
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    let fail = true;
    const calls = stubLog({
      'GET /admin/activity-logs': () =>
        fail
          ? [500, { message: 'A critical error occurred, please try again.', code: 500 }]
          : listOf([entry(1)]),
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A critical error occurred, please try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('opens an entry in a side panel with the before/after of each field', async () => {
    const detail = entry(2, {
      changes: {
        before: { name: 'Demo Shop', phone: null, taxId: 'PL1' },
        after: { name: 'Demo Shop 2', phone: '+48 1', taxId: 'PL1' },
      },
    });
    const calls = stubLog({
      'GET /admin/activity-logs': listOf([entry(2)]),
      'GET /admin/activity-logs/2': [200, { data: { activityLog: detail } }],
    });
    render();
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getByText('Advertiser #12 updated'));
    const dialog = await screen.findByRole('dialog', { name: 'Advertiser #12 updated' });
    expect(within(dialog).getByText('Adam Agencki (agency@example.com)')).toBeInTheDocument();
    expect(within(dialog).getByText('Ada Admin (admin@example.com)')).toBeInTheDocument();
    expect(within(dialog).getByText('req-2')).toBeInTheDocument();
    const diff = await within(dialog).findByRole('row', { name: /Tax ID/ });
    expect(calls.map((c) => c.path)).toContain('/admin/activity-logs/2');
    expect(diff).not.toHaveAttribute('data-changed');
    const name = within(dialog).getByRole('row', { name: /^Name/ });
    expect(name).toHaveAttribute('data-changed');
    expect(
      within(name)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Demo Shop', 'Demo Shop 2']);
    const phone = within(dialog).getByRole('row', { name: /^Phone/ });
    expect(
      within(phone)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—', '+48 1']);
  });

  it("names the start of a 'log in as' once, by whoever logged in, and what it is about in words", async () => {
    const agencyUser = { id: 7, kind: 'agency' as const, login: 'agency@example.com', name: 'Adam Agencki' };
    stubLog({
      'GET /admin/activity-logs': listOf([
        entry(3, {
          event: 'created',
          entityType: 'impersonation',
          entityId: '71',
          actor: agencyUser,
          impersonator: agencyUser,
        }),
        entry(4, { entityType: 'form_contact', entityId: '2', impersonator: null }),
      ]),
    });
    render();
    const table = await screen.findByRole('table');
    const [start, contact] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(start as HTMLElement).getByText('Log-in-as session #71 created')).toBeInTheDocument();
    expect(within(start as HTMLElement).getByText('Adam Agencki')).toBeInTheDocument();
    expect(within(contact as HTMLElement).getByText('Support request #2 updated')).toBeInTheDocument();
    await userEvent.click(within(start as HTMLElement).getByText('Log-in-as session #71 created'));
    const dialog = await screen.findByRole('dialog', { name: 'Log-in-as session #71 created' });
    expect(within(dialog).queryByText('Impersonator')).not.toBeInTheDocument();
  });

  it('names the entity by the name it had, and says what a status change was', async () => {
    const review = (id: number, name: string, status: string) =>
      entry(id, {
        entityType: 'banner',
        entityId: String(id),
        entityName: name,
        changes: { before: { status: 'pending' }, after: { status } },
      });
    stubLog({
      'GET /admin/activity-logs': listOf([
        entry(1, {
          entityType: 'campaign',
          entityId: '2',
          entityName: 'Spring sale',
          changes: { before: { dailyBudget: 5000 }, after: { dailyBudget: 8000 } },
        }),
        review(2, 'Summer', 'approved'),
        review(3, 'Autumn', 'rejected'),
        entry(4, {
          entityType: 'top_up_request',
          entityId: '9',
          entityName: 'TOP-UP/9',
          changes: { before: { status: 'pending' }, after: { status: 'accepted', reason: null } },
        }),
      ]),
    });
    render();
    const table = await screen.findByRole('table');
    const changes = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(changes).toEqual([
      'Campaign "Spring sale" updated',
      'Banner "Summer" approved',
      'Banner "Autumn" rejected',
      'Top-up request "TOP-UP/9" accepted',
    ]);
    await i18n.changeLanguage('pl');
    expect(await within(table).findByText('Baner „Summer”: zatwierdzono')).toBeInTheDocument();
    expect(within(table).getByText('Baner „Autumn”: odrzucono')).toBeInTheDocument();
  });

  it('sums up an update in words, money in the currency (micro-units too), and labels the fields', async () => {
    const update = entry(6, {
      entityType: 'campaign',
      entityId: '2',
      entityName: 'Spring sale',
      changes: {
        before: { dailyBudget: 5000, goalTargetMicros: 25_000_000, pacing: 'even', countries: ['PL'] },
        after: { dailyBudget: 8000, goalTargetMicros: 25_500_000, pacing: 'even', countries: ['PL', 'DE'] },
      },
    });
    stubLog({
      'GET /admin/activity-logs': listOf([update]),
      'GET /admin/activity-logs/6': [200, { data: { activityLog: update } }],
    });
    render();
    await userEvent.click(await screen.findByText('Campaign "Spring sale" updated'));
    const dialog = await screen.findByRole('dialog', { name: 'Campaign "Spring sale" updated' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Daily budget: 50.00 zł → 80.00 zł',
      // A target is kept in micro-units.
      'Target CPC or CPA: 25.00 zł → 25.50 zł',
      'Countries: PL → PL, DE',
    ]);
    const budget = within(dialog).getByRole('row', { name: /^Daily budget/ });
    expect(
      within(budget)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['50.00 zł', '80.00 zł']);
    expect(within(dialog).getByRole('row', { name: /^Pacing/ })).not.toHaveAttribute('data-changed');
  });

  it('has words for every kind of entry in both languages', () => {
    for (const type of activityEntityTypes)
      for (const words of [enTexts.entityTypes, plTexts.entityTypes]) {
        const text = (words as Record<string, string>)[type];
        expect(text, type).toBeTruthy();
        expect(text, type).not.toBe(type);
      }
    for (const texts of [enTexts, plTexts])
      expect(Object.keys(texts.impersonatorKinds).sort()).toEqual([...accountKinds].sort());
  });

  it('opens an entry from the keyboard through the time button', async () => {
    stubLog({ 'GET /admin/activity-logs': listOf([entry(5, { event: 'deleted' })]) });
    render();
    const open = await screen.findByRole('button', { name: /Show details of the entry from/ });
    open.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Advertiser #12 deleted' })).toBeInTheDocument();
  });

  it('asks the API path it is given (reusable in the agency and advertiser panels)', async () => {
    const calls = stubLog({ 'GET /agency/activity-logs': listOf([entry(1)]) });
    render(path, <ActivityLogsPage apiPath="/agency/activity-logs" hiddenFilters={['agencyId']} />);
    await screen.findByRole('table');
    expect(calls[0]?.path).toBe('/agency/activity-logs');
    expect(screen.queryByLabelText('Agency')).not.toBeInTheDocument();
  });

  it('speaks Polish, named as the navigation names it', async () => {
    await i18n.changeLanguage('pl');
    stubLog({ 'GET /admin/activity-logs': listOf([entry(1)]) });
    render();
    expect(await screen.findByRole('heading', { name: 'Dziennik zdarzeń' })).toBeInTheDocument();
    expect(await screen.findByText('Reklamodawca #12: zaktualizowano')).toBeInTheDocument();
    expect(screen.getByText('Adam Agencki (przez: administrator Ada Admin)')).toBeInTheDocument();
  });
});

describe('diffRows', () => {
  it('marks the changed fields; on creates and deletes every field', () => {
    expect(diffRows({ a: 1, b: 2 }, { a: 1, b: 3, c: 4 })).toEqual([
      { field: 'a', before: 1, after: 1, changed: false },
      { field: 'b', before: 2, after: 3, changed: true },
      { field: 'c', before: undefined, after: 4, changed: true },
    ]);
    expect(diffRows(null, { a: 1 })).toEqual([{ field: 'a', before: undefined, after: 1, changed: true }]);
  });
});
