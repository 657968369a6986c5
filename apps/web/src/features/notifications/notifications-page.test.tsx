import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { NotificationsPage } from './notifications-page';
import { lastQuery, PATH, page, sentMail, showPage } from './test-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

function Where() {
  return <p data-testid="where">{useLocation().search}</p>;
}

const stubAll = () =>
  stubApi({
    'GET /admin/queued-emails': [200, { data: { queuedEmails: page([sentMail]) } }],
    'GET /admin/email-templates': [200, { data: { emailTemplates: page([]) } }],
    'GET /admin/notification-logs': [200, { data: { notificationLogs: page([]) } }],
  });

describe('NotificationsPage', () => {
  it('keeps the tab in the URL; another tab starts without the previous filters', async () => {
    const calls = stubAll();
    renderPage(
      <>
        <NotificationsPage />
        <Where />
      </>,
      { path: `${PATH}?status=sent`, route: PATH, profile: makeMe('admin') },
    );
    expect(screen.getByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Open the e-mail to ola@example.com' });
    expect(lastQuery(calls, '/admin/queued-emails')).toMatchObject({ status: 'sent' });

    await userEvent.click(screen.getByRole('tab', { name: 'Log' }));
    expect(screen.getByTestId('where')).toHaveTextContent('?tab=log');
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
    expect(lastQuery(calls, '/admin/notification-logs')).not.toHaveProperty('status');

    await userEvent.click(screen.getByRole('tab', { name: 'Templates' }));
    expect(screen.getByTestId('where')).toHaveTextContent('?tab=templates');
    expect(await screen.findByText('No templates')).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys', async () => {
    stubAll();
    showPage();
    screen.getByRole('tab', { name: 'Outbox' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Log' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Log' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Outbox' })).toHaveAttribute('aria-selected', 'true');
  });

  it('speaks Polish', async () => {
    stubAll();
    await act(() => i18n.changeLanguage('pl'));
    showPage();
    expect(screen.getByRole('heading', { name: 'Powiadomienia', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Skrzynka nadawcza' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Wysłany')).toBeInTheDocument());
    expect(document.title).toBe('Powiadomienia - Panel RTB');
  });
});
