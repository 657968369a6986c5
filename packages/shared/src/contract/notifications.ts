import {
  emailTemplateHtmlResponse,
  emailTemplatePreviewBody,
  emailTemplateResponse,
  emailTemplatesQuery,
  emailTemplatesResponse,
  notificationLogsQuery,
  notificationLogsResponse,
  queuedEmailHtmlResponse,
  queuedEmailResponse,
  queuedEmailsQuery,
  queuedEmailsResponse,
  updateEmailTemplateBody,
} from '../schemas/notifications';
import { route } from './route';

/** The outbox, the mail templates and the notification log (`notifications/notifications`). */
export const notifications = {
  queuedEmails: route('GET', '/admin/queued-emails', {
    query: queuedEmailsQuery,
    response: queuedEmailsResponse,
  }),
  queuedEmail: route('GET', '/admin/queued-emails/:id', { response: queuedEmailResponse }),
  queuedEmailHtml: route('GET', '/admin/queued-emails/:id/preview', { response: queuedEmailHtmlResponse }),
  resend: route('POST', '/admin/queued-emails/:id/resend', { response: queuedEmailResponse }),
  templates: route('GET', '/admin/email-templates', {
    query: emailTemplatesQuery,
    response: emailTemplatesResponse,
  }),
  template: route('GET', '/admin/email-templates/:id', { response: emailTemplateResponse }),
  updateTemplate: route('PUT', '/admin/email-templates/:id', {
    body: updateEmailTemplateBody,
    response: emailTemplateResponse,
  }),
  previewTemplate: route('POST', '/admin/email-templates/preview', {
    body: emailTemplatePreviewBody,
    response: emailTemplateHtmlResponse,
  }),
  logs: route('GET', '/admin/notification-logs', {
    query: notificationLogsQuery,
    response: notificationLogsResponse,
  }),
};
