import type { EmailTemplatePreviewBody, UpdateEmailTemplateBody } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api-client';

/** The page's route (spec section 2: notifications) and its tabs (?tab=). */
export const NOTIFICATIONS_PATH = '/panel/admin/notifications';
export const notificationTabs = ['outbox', 'templates', 'log'] as const;
export type NotificationTab = (typeof notificationTabs)[number];

type Params = RequestOptions['params'];

export const notificationKeys = {
  all: ['notifications'] as const,
  outbox: (params: Params) => ['notifications', 'outbox', params] as const,
  mail: (id: number) => ['notifications', 'mail', id] as const,
  mailHtml: (id: number) => ['notifications', 'mail-html', id] as const,
  templates: (params: Params) => ['notifications', 'templates', params] as const,
  template: (id: number) => ['notifications', 'template', id] as const,
  templateOptions: ['notifications', 'template-options'] as const,
  preview: (draft: EmailTemplatePreviewBody) => ['notifications', 'preview', draft] as const,
  logs: (params: Params) => ['notifications', 'logs', params] as const,
};

export function useQueuedEmails(params: Params, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.outbox(params),
    queryFn: async () =>
      (await api.call(contract.notifications.queuedEmails, { query: params })).data.queuedEmails,
    placeholderData: (previous) => previous,
    enabled,
  });
}

/** One mail with its notification log. */
export function useQueuedEmail(id: number) {
  return useQuery({
    queryKey: notificationKeys.mail(id),
    queryFn: async () =>
      (await api.call(contract.notifications.queuedEmail, { path: { id } })).data.queuedEmail,
  });
}

/** A mail's stored subject and HTML. */
export function useQueuedEmailHtml(id: number) {
  return useQuery({
    queryKey: notificationKeys.mailHtml(id),
    queryFn: async () =>
      (await api.call(contract.notifications.queuedEmailHtml, { path: { id } })).data.queuedEmailHtml,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST resend; the outbox, the mail and the log are loaded again afterwards. */
export function useResendQueuedEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.call(contract.notifications.resend, { path: { id } })).data.queuedEmail,
    onSuccess: (mail) => {
      client.setQueryData(notificationKeys.mail(mail.id), mail);
      void client.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export function useEmailTemplates(params: Params) {
  return useQuery({
    queryKey: notificationKeys.templates(params),
    queryFn: async () =>
      (await api.call(contract.notifications.templates, { query: params })).data.emailTemplates,
    placeholderData: (previous) => previous,
  });
}

export function useEmailTemplate(id: number) {
  return useQuery({
    queryKey: notificationKeys.template(id),
    queryFn: async () =>
      (await api.call(contract.notifications.template, { path: { id } })).data.emailTemplate,
  });
}

/** The template keys and locales there are, for the filters (every template fits one page). */
export function useTemplateOptions() {
  return useQuery({
    queryKey: notificationKeys.templateOptions,
    queryFn: async () => {
      const { elements } = (
        await api.call(contract.notifications.templates, { query: { perPage: 100, sort: 'key' } })
      ).data.emailTemplates;
      return {
        keys: [...new Set(elements.map((e) => e.key))],
        locales: [...new Set(elements.map((e) => e.locale))].sort(),
      };
    },
    staleTime: 5 * 60_000,
  });
}

/** PUT a template's subject and HTML. */
export function useSaveEmailTemplate(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateEmailTemplateBody) =>
      (await api.call(contract.notifications.updateTemplate, { path: { id }, body })).data.emailTemplate,
    onSuccess: (template) => {
      client.setQueryData(notificationKeys.template(template.id), template);
      void client.invalidateQueries({ queryKey: ['notifications', 'templates'] });
    },
  });
}

/** A draft rendered with sample values; the last rendering stays while the next one loads. */
export function useTemplatePreview(draft: EmailTemplatePreviewBody | null) {
  return useQuery({
    queryKey: notificationKeys.preview(draft as EmailTemplatePreviewBody),
    queryFn: async () =>
      (await api.call(contract.notifications.previewTemplate, { body: draft as EmailTemplatePreviewBody }))
        .data.emailTemplateHtml,
    enabled: draft !== null,
    placeholderData: (previous) => previous,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useNotificationLogs(params: Params, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.logs(params),
    queryFn: async () =>
      (await api.call(contract.notifications.logs, { query: params })).data.notificationLogs,
    placeholderData: (previous) => previous,
    enabled,
  });
}
