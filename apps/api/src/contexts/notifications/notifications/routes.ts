import {
  emailTemplateHtmlResponse,
  emailTemplatePreviewBody,
  emailTemplateResponse,
  emailTemplatesQuery,
  emailTemplatesResponse,
  idParams,
  notificationLogsQuery,
  notificationLogsResponse,
  queuedEmailHtmlResponse,
  queuedEmailResponse,
  queuedEmailsQuery,
  queuedEmailsResponse,
  updateEmailTemplateBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { getEmailTemplate } from './get-email-template';
import { getQueuedEmail } from './get-queued-email';
import { listEmailTemplatesPage } from './list-email-templates';
import { listNotificationLogsPage } from './list-notification-logs';
import { listQueuedEmailsPage } from './list-queued-emails';
import { previewEmailTemplate } from './preview-email-template';
import { previewQueuedEmail } from './preview-queued-email';
import { resendQueuedEmail } from './resend-queued-email';
import { updateEmailTemplate } from './update-email-template';

const read: RouteAccess = { kind: 'admin', permission: ['notifications', 'read'] };
const write: RouteAccess = { kind: 'admin', permission: ['notifications', 'write'] };

/**
 * The admin panel's notifications (`/api/admin/...`): the outbox of queued e-mails, the e-mail
 * templates with previews, and the notification log.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin notifications'];

  app.get('/queued-emails', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The outbox: every mail, newest first (filter by status, template, locale and days)',
      querystring: queuedEmailsQuery,
      response: { 200: queuedEmailsResponse },
    },
    handler: async (request) => ({ data: { queuedEmails: await listQueuedEmailsPage(deps, request.query) } }),
  });

  app.get('/queued-emails/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One mail with its plain text and notification log',
      params: idParams,
      response: { 200: queuedEmailResponse },
    },
    handler: async (request) => ({ data: { queuedEmail: await getQueuedEmail(deps, request.params.id) } }),
  });

  app.get('/queued-emails/:id/preview', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The subject and HTML of a mail as it was stored',
      params: idParams,
      response: { 200: queuedEmailHtmlResponse },
    },
    handler: async (request) => ({
      data: { queuedEmailHtml: await previewQueuedEmail(deps, request.params.id) },
    }),
  });

  app.post('/queued-emails/:id/resend', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Send a sent or failed mail again, as it was stored',
      params: idParams,
      response: { 200: queuedEmailResponse },
    },
    handler: async (request) => ({
      data: {
        queuedEmail: await inTransaction(deps, (tx) =>
          resendQueuedEmail(tx, request.params.id, actorOf(request)),
        ),
      },
    }),
  });

  app.get('/email-templates', {
    config: { access: read },
    schema: {
      tags,
      summary: 'E-mail templates, one per key and locale (filter by key and locale)',
      querystring: emailTemplatesQuery,
      response: { 200: emailTemplatesResponse },
    },
    handler: async (request) => ({
      data: { emailTemplates: await listEmailTemplatesPage(deps, request.query) },
    }),
  });

  app.post('/email-templates/preview', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Render a draft template with sample values (nothing is saved)',
      body: emailTemplatePreviewBody,
      response: { 200: emailTemplateHtmlResponse },
    },
    handler: async (request) => ({
      data: { emailTemplateHtml: await previewEmailTemplate(deps, request.body) },
    }),
  });

  app.get('/email-templates/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One template with its HTML and placeholders',
      params: idParams,
      response: { 200: emailTemplateResponse },
    },
    handler: async (request) => ({
      data: { emailTemplate: await getEmailTemplate(deps, request.params.id) },
    }),
  });

  app.put('/email-templates/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: "Edit a template's subject and HTML (placeholders are checked against its key)",
      params: idParams,
      body: updateEmailTemplateBody,
      response: { 200: emailTemplateResponse },
    },
    handler: async (request) => ({
      data: {
        emailTemplate: await inTransaction(deps, (tx) =>
          updateEmailTemplate(tx, request.params.id, request.body, actorOf(request)),
        ),
      },
    }),
  });

  app.get('/notification-logs', {
    config: { access: read },
    schema: {
      tags,
      summary: 'What happened to each mail, newest first (filter by event, mail and days)',
      querystring: notificationLogsQuery,
      response: { 200: notificationLogsResponse },
    },
    handler: async (request) => ({
      data: { notificationLogs: await listNotificationLogsPage(deps, request.query) },
    }),
  });
};
