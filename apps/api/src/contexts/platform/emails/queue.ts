import { DEFAULT_LOCALE } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { htmlToText, renderTemplate } from './render';
import {
  findTemplates,
  insertAttachments,
  insertNotificationLog,
  insertQueuedEmail,
  type MailAttachment,
  type QueuedEmail,
} from './repository';

export interface MailRequest {
  to: string;
  accountId?: number | null;
  templateKey: string;
  locale: string;
  vars: Record<string, string | number>;
  /** Files sent with the mail (kept with it, so a retry or a resend sends them again). */
  attachments?: MailAttachment[];
}

/**
 * Renders a template in the recipient's locale (English when it has none) and stores the
 * mail in the outbox with its 'queued' log row; the worker sends it once the transaction commits.
 */
export async function queueEmail(deps: AppDeps, mail: MailRequest): Promise<QueuedEmail> {
  const templates = await findTemplates(deps.db, mail.templateKey, [mail.locale, DEFAULT_LOCALE]);
  const template =
    templates.find((t) => t.locale === mail.locale) ?? templates.find((t) => t.locale === DEFAULT_LOCALE);
  if (!template) throw new Error(`No e-mail template ${mail.templateKey}`);
  const vars = { productName: deps.config.productName, ...mail.vars };
  const html = renderTemplate(template.html, vars);
  const queued = await insertQueuedEmail(deps.db, {
    accountId: mail.accountId ?? null,
    toAddress: mail.to,
    templateKey: mail.templateKey,
    locale: template.locale,
    subject: renderTemplate(template.subject, vars, false),
    html,
    text: htmlToText(html),
  });
  await insertAttachments(deps.db, queued.id, mail.attachments ?? []);
  await insertNotificationLog(deps.db, queued.id, 'queued');
  deps.mailQueued();
  return queued;
}
