import { messages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, fill, makeMe, stubApi, validationError } from '../../account/account-test-utils';
import { contact, dismissToasts, faq, listItem, page, showAdminPage } from './test-fixtures';

const admin = makeMe('admin');
const viewer = makeMe('admin', { localRole: 'viewer', permissions: ['support:read'] });
const request = contact();
const requests = [200, { data: { formContacts: page([listItem(request)]) } }] as const;
const locales = [
  200,
  {
    data: {
      locales: {
        elements: [
          { id: 1, code: 'en', name: 'English', enabled: true },
          { id: 2, code: 'pl', name: 'Polski', enabled: true },
        ],
        meta: {},
      },
    },
  },
] as const;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lastQuery = (calls: Call[], path: string) =>
  Object.fromEntries(calls.filter((c) => c.path === path && c.method === 'GET').at(-1)?.query ?? []);

describe('admin support requests', () => {
  it('lists every organisation’s requests and filters them through the API', async () => {
    const calls = stubApi({ 'GET /admin/form-contacts': requests });
    showAdminPage(admin);
    const user = userEvent.setup();
    const row = (
      await screen.findByRole('button', { name: 'Open the request “Banner shows the wrong price”' })
    ).closest('tr') as HTMLElement;
    expect(within(row).getByText('New')).toBeInTheDocument();
    expect(within(row).getByText('ewa@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Advertiser')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'in_progress');
    await user.selectOptions(screen.getByLabelText('Organisation'), 'advertiser');
    await user.type(screen.getByLabelText('Search requests'), 'price');
    await waitFor(() =>
      expect(lastQuery(calls, '/admin/form-contacts')).toMatchObject({
        status: 'in_progress',
        organisationKind: 'advertiser',
        search: 'price',
      }),
    );

    // One organisation: a click on its name; a chip names it and shows all again.
    await user.click(screen.getByRole('button', { name: 'Show only the requests of Demo Shop' }));
    await waitFor(() =>
      expect(lastQuery(calls, '/admin/form-contacts')).toMatchObject({ advertiserId: '4' }),
    );
    expect(lastQuery(calls, '/admin/form-contacts')).not.toHaveProperty('organisationName');
    expect(screen.getByText(/Showing only Demo Shop/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all organisations' }));
    await waitFor(() => expect(lastQuery(calls, '/admin/form-contacts')).not.toHaveProperty('advertiserId'));
  });

  it('has empty and error states', async () => {
    stubApi({ 'GET /admin/form-contacts': [200, { data: { formContacts: page([]) } }] });
    const { unmount } = showAdminPage(admin);
    expect(await screen.findByText('No support requests')).toBeInTheDocument();
    unmount();
    stubApi({ 'GET /admin/form-contacts': [503, { message: messages.maintenance, code: 503 }] });
    showAdminPage(admin);
    expect(await screen.findByRole('alert')).toHaveTextContent(/maintenance/);
  });

  it('opens a request, changes its status and replies to the customer', async () => {
    let current = request;
    const calls = stubApi({
      'GET /admin/form-contacts': requests,
      'GET /admin/form-contacts/7': () => [200, { data: { formContact: current } }],
      'PUT /admin/form-contacts/7': (call) => {
        current = { ...current, status: call.body?.status as 'resolved' };
        return [200, { data: { formContact: current } }];
      },
      'POST /admin/comments': (call) => {
        const reply = {
          id: 9,
          createdAt: '2024-05-02 09:00:00',
          content: String(call.body?.content),
          author: { id: 1, name: 'Ewa Nowak' },
        };
        current = { ...current, status: 'in_progress', comments: [reply], commentCount: 1 };
        return [201, { data: { comment: reply } }];
      },
    });
    showAdminPage(admin, '?contact=7');
    const dialog = await screen.findByRole('dialog', { name: 'Banner shows the wrong price' });
    expect(within(dialog).getByText('Request #7 · Demo Shop')).toBeInTheDocument();
    expect(within(dialog).getByText('Ewa Nowak <ewa@example.com>')).toBeInTheDocument();
    expect(within(dialog).getByText('No reply yet.')).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/comments')).toBe(false);

    expect(
      within(dialog).getByText('The customer sees your reply on their support page and gets it by e-mail.'),
    ).toBeInTheDocument();
    await fill(user, 'Reply to the customer', 'We fixed the feed.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Your reply has been sent to the customer.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/comments')?.body).toEqual({
      formContactId: 7,
      content: 'We fixed the feed.',
    });
    expect(await within(dialog).findByText('We fixed the feed.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reply to the customer')).toHaveValue('');
    await waitFor(() => expect(within(dialog).getByLabelText('Status')).toHaveValue('in_progress'));

    await user.selectOptions(within(dialog).getByLabelText('Status'), 'resolved');
    expect(await screen.findByText('The request is now: Resolved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ status: 'resolved' });
  });

  it('a read-only admin reads a request but cannot reply or change it', async () => {
    stubApi({
      'GET /admin/form-contacts': requests,
      'GET /admin/form-contacts/7': [200, { data: { formContact: request } }],
    });
    showAdminPage(viewer, '?contact=7');
    const dialog = await screen.findByRole('dialog', { name: 'Banner shows the wrong price' });
    expect(within(dialog).getByLabelText('Status')).toBeDisabled();
    expect(within(dialog).queryByLabelText('Reply to the customer')).not.toBeInTheDocument();
  });
});

describe('admin FAQ', () => {
  const faqs = [
    200,
    {
      data: {
        faqs: page([faq(), faq({ id: 2, locale: 'pl', question: 'Jak doładować saldo?', enabled: false })]),
      },
    },
  ] as const;

  it('lists the questions of every language, filters them, and adds one', async () => {
    const calls = stubApi({
      'GET /admin/faqs': faqs,
      'GET /locales': locales,
      'POST /admin/faqs': (call) => [201, { data: { faq: faq({ id: 3, ...(call.body as object) }) } }],
    });
    showAdminPage(admin, '?tab=faqs');
    const user = userEvent.setup();
    expect(screen.getByRole('tab', { name: 'FAQ' })).toHaveAttribute('aria-selected', 'true');
    const row = (await screen.findByRole('button', { name: 'Edit “Jak doładować saldo?”' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    expect(await within(row).findByText('Polski')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Language'), 'pl');
    await waitFor(() => expect(lastQuery(calls, '/admin/faqs')).toMatchObject({ locale: 'pl' }));

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'New question' });
    expect(within(dialog).getByLabelText('Language')).toHaveValue('pl');
    await fill(user, 'Question', 'Czy mogę zmienić walutę?');
    await fill(user, 'Answer', 'Napisz do nas.');
    await user.clear(within(dialog).getByLabelText('Position'));
    await user.type(within(dialog).getByLabelText('Position'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The question has been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      locale: 'pl',
      question: 'Czy mogę zmienić walutę?',
      answer: 'Napisz do nas.',
      position: 5,
      enabled: true,
    });
  });

  it('edits a question with the server’s field errors on the fields, and deletes one after confirmation', async () => {
    const calls = stubApi({
      'GET /admin/faqs': faqs,
      'GET /locales': locales,
      'PUT /admin/faqs/1': validationError({ locale: [messages.unknownLocale] }),
      'DELETE /admin/faqs/1': [200, { data: { status: 'deleted' } }],
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    showAdminPage(admin, '?tab=faqs');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit “How do I top up my balance?”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    expect(within(dialog).getByLabelText('Answer')).toHaveValue('Go to Payments and choose Top up.');
    await user.click(within(dialog).getByLabelText('Shown to agencies and advertisers'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a language from the list.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ enabled: false });

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete this question? Users will no longer see it.');
    expect(await screen.findByText('The question has been deleted.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/admin/faqs/1')).toBe(true);
  });

  it('is read-only without the write permission', async () => {
    stubApi({ 'GET /admin/faqs': faqs, 'GET /locales': locales });
    showAdminPage(viewer, '?tab=faqs');
    expect(
      await screen.findByRole('button', { name: 'Edit “How do I top up my balance?”' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add question' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit “How do I top up my balance?”' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Question')).toHaveAttribute('readonly');
  });
});
