import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../account/account-test-utils';
import { formatDateTime } from '../../lib/format';
import { lastQuery, logEntry, mailDetail, page, sentMail, showPage } from './test-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const failedAttempt = logEntry({
  id: 2,
  createdAt: '2024-05-01 10:05:00',
  event: 'retrying',
  detail: 'connect ECONNREFUSED',
});
const logs = (...entries: ReturnType<typeof logEntry>[]) =>
  [200, { data: { notificationLogs: page(entries) } }] as const;

describe('Log tab', () => {
  it("lists every event newest first with its mail's recipient, subject, template and detail", async () => {
    stubApi({ 'GET /admin/notification-logs': logs(failedAttempt, logEntry()) });
    showPage('?tab=log');
    expect(screen.getByRole('tab', { name: 'Log' })).toHaveAttribute('aria-selected', 'true');
    const rows = (await screen.findAllByRole('button', { name: 'Open the e-mail to ola@example.com' })).map(
      (button) => button.closest('tr') as HTMLElement,
    );
    expect(rows).toHaveLength(2);
    const [retry, queued] = rows as [HTMLElement, HTMLElement];
    expect(within(retry).getByText(formatDateTime('2024-05-01 10:05:00'))).toBeInTheDocument();
    expect(within(retry).getByText('Retrying')).toBeInTheDocument();
    expect(within(retry).getByText('Reset your RTB Panel password')).toBeInTheDocument();
    expect(within(retry).getByText('Password reset')).toBeInTheDocument();
    expect(within(retry).getByText('connect ECONNREFUSED')).toBeInTheDocument();
    expect(within(queued).getByText('Queued')).toBeInTheDocument();
  });

  it('filters by event and days, searches, and pages through the API', async () => {
    const calls = stubApi({
      'GET /admin/notification-logs': [
        200,
        { data: { notificationLogs: page([logEntry()], { total: 30, lastPage: 2 }) } },
      ],
    });
    showPage('?tab=log');
    await screen.findByText('Queued', { selector: 'span' });
    const user = userEvent.setup();
    const query = () => lastQuery(calls, '/admin/notification-logs');
    await user.selectOptions(screen.getByLabelText('Event'), 'failed');
    await user.type(screen.getByLabelText('From'), '01.05.2024');
    await user.type(screen.getByLabelText('Search by address or subject'), 'ola');
    await waitFor(() =>
      expect(query()).toMatchObject({ event: 'failed', from: '2024-05-01', search: 'ola' }),
    );
    expect(query()).not.toHaveProperty('tab');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(query()).toMatchObject({ page: '2', event: 'failed' }));
  });

  it("narrows to one mail's events from the URL, and back to all", async () => {
    const calls = stubApi({ 'GET /admin/notification-logs': logs(logEntry()) });
    showPage(`?tab=log&queuedEmailId=${sentMail.id}`);
    expect(await screen.findByText('Only the events of e-mail #7')).toBeInTheDocument();
    expect(lastQuery(calls, '/admin/notification-logs')).toMatchObject({ queuedEmailId: '7' });
    await userEvent.click(screen.getByRole('button', { name: 'Show all e-mails' }));
    await waitFor(() =>
      expect(lastQuery(calls, '/admin/notification-logs')).not.toHaveProperty('queuedEmailId'),
    );
    expect(screen.queryByText('Only the events of e-mail #7')).not.toBeInTheDocument();
  });

  it("opens a row's mail with its preview and whole log", async () => {
    stubApi({
      'GET /admin/notification-logs': logs(logEntry()),
      'GET /admin/queued-emails/7': [
        200,
        {
          data: {
            queuedEmail: mailDetail(sentMail, [
              { id: 1, createdAt: '2024-05-01 10:00:00', event: 'queued', detail: null },
              { id: 3, createdAt: '2024-05-01 10:00:05', event: 'sent', detail: null },
            ]),
          },
        },
      ],
      'GET /admin/queued-emails/7/preview': [
        200,
        { data: { queuedEmailHtml: { subject: sentMail.subject, html: '<p>Hi</p>' } } },
      ],
    });
    showPage('?tab=log');
    await userEvent.click(await screen.findByRole('button', { name: 'Open the e-mail to ola@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your RTB Panel password' });
    expect(await within(dialog).findByTitle(/Preview of the e-mail/)).toHaveAttribute('srcdoc', '<p>Hi</p>');
    const log = await within(dialog).findByRole('list', { name: 'Notification log' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(dialog).getByRole('button', { name: 'Resend the e-mail to ola@example.com' }),
    ).toBeInTheDocument();
  });

  it('shows the empty states and the error state', async () => {
    stubApi({ 'GET /admin/notification-logs': logs() });
    const first = showPage('?tab=log');
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
    first.unmount();
    const second = showPage('?tab=log&event=resent');
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
    second.unmount();
    stubApi({
      'GET /admin/notification-logs': [
        500,
        { message: 'A critical error occurred, please try again.', code: 500 },
      ],
    });
    showPage('?tab=log');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A critical error occurred, please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
