import type {
  EmailTemplateDto,
  EmailTemplateEntry,
  NotificationLogDto,
  QueuedEmailDto,
  QueuedEmailEntry,
} from '@rtb/shared';
import { act } from '@testing-library/react';
import { toast } from 'react-toastify';
import { makeMe, renderPage } from '../../account/account-test-utils';
import { ToastProvider } from '../../shell/toast/toaster';
import { NotificationsPage } from './notifications-page';

export function dismissToasts() {
  act(() => toast.dismiss());
}

export const PATH = '/panel/admin/notifications';
export const admin = makeMe('admin');
export const viewer = makeMe('admin', { localRole: 'viewer', permissions: ['notifications:read'] });

/** The page at `query` (e.g. '?tab=log'), with toasts, as the admin panel shows it. */
export const showPage = (query = '', profile = admin) =>
  renderPage(
    <ToastProvider>
      <NotificationsPage />
    </ToastProvider>,
    { path: `${PATH}${query}`, route: PATH, profile },
  );

export const page = <T,>(elements: T[], meta = {}) => ({
  elements,
  meta: { page: 1, perPage: 25, total: elements.length, lastPage: 1, ...meta },
});

const at = '2024-05-01 10:00:00';

export const sentMail: QueuedEmailEntry = {
  id: 7,
  createdAt: at,
  updatedAt: at,
  accountId: 3,
  toAddress: 'ola@example.com',
  templateKey: 'password-reset',
  locale: 'en',
  subject: 'Reset your RTB Panel password',
  status: 'sent',
  attempts: 1,
  nextAttemptAt: at,
  lastError: null,
  sentAt: '2024-05-01 10:00:05',
};
export const failedMail: QueuedEmailEntry = {
  ...sentMail,
  id: 8,
  toAddress: 'zed@example.com',
  templateKey: 'account-activation',
  locale: 'pl',
  subject: 'Aktywuj konto w RTB Panel',
  status: 'failed',
  attempts: 8,
  lastError: '550 Mailbox unavailable',
  sentAt: null,
};
export const pendingMail: QueuedEmailEntry = {
  ...sentMail,
  id: 9,
  toAddress: 'new@example.com',
  status: 'pending',
  attempts: 0,
  sentAt: null,
};

export const mailDetail = (mail: QueuedEmailEntry, logs: QueuedEmailDto['logs']): QueuedEmailDto => ({
  ...mail,
  text: 'Plain text',
  logs,
});

export const templateEntry: EmailTemplateEntry = {
  id: 3,
  key: 'password-reset',
  locale: 'en',
  subject: 'Reset your {{productName}} password',
  createdAt: at,
  updatedAt: '2024-05-02 09:00:00',
};
export const polishTemplateEntry: EmailTemplateEntry = {
  ...templateEntry,
  id: 4,
  locale: 'pl',
  subject: 'Zresetuj hasło w {{productName}}',
};
export const templateDetail: EmailTemplateDto = {
  ...templateEntry,
  html: '<p>Hello {{firstName}}</p><a href="{{link}}">Set a new password</a>',
  placeholders: [
    { name: 'productName', required: false },
    { name: 'firstName', required: false },
    { name: 'link', required: true },
    { name: 'validMinutes', required: false },
  ],
};

export const logEntry = (overrides: Partial<NotificationLogDto> = {}): NotificationLogDto => ({
  id: 1,
  createdAt: at,
  event: 'queued',
  detail: null,
  queuedEmail: {
    id: sentMail.id,
    toAddress: sentMail.toAddress,
    subject: sentMail.subject,
    templateKey: sentMail.templateKey,
    locale: sentMail.locale,
  },
  ...overrides,
});

/** What the filters' option list is built from. */
export const templateOptionsReply = [
  200,
  { data: { emailTemplates: page([templateEntry, polishTemplateEntry]) } },
] as const;

/** The query of the last call to `path`. */
export const lastQuery = (calls: { path: string; query: URLSearchParams }[], path: string) =>
  Object.fromEntries(calls.filter((c) => c.path === path).at(-1)?.query ?? []);
