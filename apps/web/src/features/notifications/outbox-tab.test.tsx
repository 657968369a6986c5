import { notificationMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../account/account-test-utils';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../shell/toast/notify';
import {
  dismissToasts,
  failedMail,
  lastQuery,
  mailDetail,
  page,
  pendingMail,
  sentMail,
  showPage,
  templateOptionsReply,
  viewer,
} from './test-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const outbox = (...mails: (typeof sentMail)[]) => [200, { data: { queuedEmails: page(mails) } }] as const;
const rowOf = async (address: string) =>
  (await screen.findByRole('button', { name: `Open the e-mail to ${address}` })).closest('tr') as HTMLElement;

describe('Outbox tab', () => {
  it('lists each mail with its template, status, attempts, last error and times', async () => {
    stubApi({
      'GET /admin/queued-emails': outbox(failedMail, sentMail),
      'GET /admin/email-templates': templateOptionsReply,
    });
    showPage();
    expect(document.title).toBe('Notifications - RTB Panel');
    expect(screen.getByRole('tab', { name: 'Outbox' })).toHaveAttribute('aria-selected', 'true');

    const failed = await rowOf('zed@example.com');
    expect(within(failed).getByText('Aktywuj konto w RTB Panel')).toBeInTheDocument();
    expect(within(failed).getByText('Account activation')).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByRole('cell', { name: '8' })).toBeInTheDocument();
    expect(within(failed).getByText('550 Mailbox unavailable')).toBeInTheDocument();
    expect(within(failed).getByText('Not sent yet')).toBeInTheDocument();

    const sent = await rowOf('ola@example.com');
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).getByText('Password reset')).toBeInTheDocument();
    expect(within(sent).getByText(formatDateTime(sentMail.createdAt))).toBeInTheDocument();
    expect(within(sent).getByText(`Sent ${formatDateTime(sentMail.sentAt)}`)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Created \/ sent/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('searches, filters by status, template, language and days, and sorts through the API', async () => {
    const calls = stubApi({
      'GET /admin/queued-emails': outbox(sentMail),
      'GET /admin/email-templates': templateOptionsReply,
    });
    showPage();
    await rowOf('ola@example.com');
    const user = userEvent.setup();
    const query = () => lastQuery(calls, '/admin/queued-emails');

    await user.type(screen.getByLabelText('Search by address or subject'), 'ola');
    await waitFor(() => expect(query()).toMatchObject({ search: 'ola', page: '1' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await user.selectOptions(await screen.findByLabelText('Template'), 'password-reset');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Polski' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Language'), 'pl');
    await user.type(screen.getByLabelText('From'), '01.05.2024');
    await user.type(screen.getByLabelText('To'), '03.05.2024');
    await waitFor(() =>
      expect(query()).toMatchObject({
        search: 'ola',
        status: 'failed',
        templateKey: 'password-reset',
        locale: 'pl',
        from: '2024-05-01',
        to: '2024-05-03',
      }),
    );
    expect(query()).not.toHaveProperty('tab');

    await user.click(screen.getByRole('button', { name: /Created \/ sent/ }));
    await waitFor(() => expect(query()).toMatchObject({ sort: 'createdAt', order: 'asc' }));
    await user.click(screen.getByRole('button', { name: /Status/ }));
    await waitFor(() => expect(query()).toMatchObject({ sort: 'status', order: 'asc' }));
  });

  it('says a reversed date range is wrong instead of asking the API', async () => {
    const calls = stubApi({
      'GET /admin/queued-emails': outbox(sentMail),
      'GET /admin/email-templates': templateOptionsReply,
    });
    showPage('?from=2024-05-03&to=2024-05-01');
    const message = 'The end date is before the start date.';
    expect(await screen.findByLabelText('To')).toHaveAccessibleDescription(message);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([message, message]);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/queued-emails')).toHaveLength(0);
  });

  it('shows the empty states, with and without filters', async () => {
    stubApi({ 'GET /admin/queued-emails': outbox(), 'GET /admin/email-templates': templateOptionsReply });
    const { unmount } = showPage();
    expect(await screen.findByText('No e-mails yet')).toBeInTheDocument();
    unmount();
    showPage('?status=failed');
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
  });

  it('shows the error state and tries again', async () => {
    let fail = true;
    stubApi({
      'GET /admin/queued-emails': () => (fail ? [500, { message: 'boom', code: 500 }] : outbox(sentMail)),
      'GET /admin/email-templates': templateOptionsReply,
    });
    showPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('ola@example.com')).toBeInTheDocument();
  });

  it('resends a sent or failed mail after confirmation, never a pending one', async () => {
    const success = vi.spyOn(notify, 'success');
    let resent = false;
    const calls = stubApi({
      'GET /admin/queued-emails': () =>
        outbox(resent ? { ...failedMail, status: 'pending' } : failedMail, pendingMail),
      'GET /admin/email-templates': templateOptionsReply,
      'POST /admin/queued-emails/8/resend': () => {
        resent = true;
        return [
          200,
          { data: { queuedEmail: mailDetail({ ...failedMail, status: 'pending', attempts: 0 }, []) } },
        ];
      },
    });
    showPage();
    const pending = await rowOf('new@example.com');
    expect(within(pending).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Resend the e-mail to zed@example.com' }));
    expect(window.confirm).toHaveBeenCalledWith(
      'Send this e-mail to zed@example.com again? It goes out exactly as it was stored, so a one-time link in it may have expired.',
    );
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('The e-mail to zed@example.com is queued again.'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Resend the e-mail to zed@example.com' }),
      ).not.toBeInTheDocument(),
    );
  });

  it("tells the API's refusal in the interface language", async () => {
    const error = vi.spyOn(notify, 'error');
    stubApi({
      'GET /admin/queued-emails': outbox(sentMail),
      'GET /admin/email-templates': templateOptionsReply,
      'POST /admin/queued-emails/7/resend': [
        422,
        {
          message: 'The form contains validation errors.',
          code: 422,
          errors: { status: [notificationMessages.stillPending] },
        },
      ],
    });
    showPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Resend the e-mail to ola@example.com' }),
    );
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('This e-mail is still waiting to be sent, so it cannot be resent.'),
    );
  });

  it('hides Resend from a role that may only read', async () => {
    stubApi({
      'GET /admin/queued-emails': outbox(sentMail),
      'GET /admin/email-templates': templateOptionsReply,
    });
    showPage('', viewer);
    await rowOf('ola@example.com');
    expect(screen.queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
  });

  it('previews a mail in a side panel: its stored HTML in a sandboxed frame, its facts and its log', async () => {
    const html = '<html><body><p>Hello Ola</p><script>alert(1)</script></body></html>';
    stubApi({
      'GET /admin/queued-emails': outbox(failedMail),
      'GET /admin/email-templates': templateOptionsReply,
      'GET /admin/queued-emails/8': [
        200,
        {
          data: {
            queuedEmail: mailDetail(failedMail, [
              { id: 1, createdAt: '2024-05-01 10:00:00', event: 'queued', detail: null },
              { id: 2, createdAt: '2024-05-01 10:05:00', event: 'failed', detail: '550 Mailbox unavailable' },
            ]),
          },
        },
      ],
      'GET /admin/queued-emails/8/preview': [
        200,
        { data: { queuedEmailHtml: { subject: failedMail.subject, html } } },
      ],
    });
    showPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Open the e-mail to zed@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aktywuj konto w RTB Panel' });
    expect(within(dialog).getByText('To zed@example.com')).toBeInTheDocument();

    const frame = await within(dialog).findByTitle('Preview of the e-mail “Aktywuj konto w RTB Panel”');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(html);

    const log = await within(dialog).findByRole('list', { name: 'Notification log' });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${formatDateTime('2024-05-01 10:00:00')}Queued`,
      `${formatDateTime('2024-05-01 10:05:00')}Failed550 Mailbox unavailable`,
    ]);
    expect(within(dialog).getByText('Account activation (account-activation)')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Resend the e-mail to zed@example.com' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Show in the log' })).toHaveAttribute(
      'href',
      '/panel/admin/notifications?tab=log&queuedEmailId=8',
    );
  });
});
