import { type EmailHtmlDto, type EmailTemplatePreviewBody, notificationMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import { renderTemplate, templateKeyExists } from '../../platform';
import { sampleVars } from './catalogue';

/**
 * A draft rendered as a mail of its key would be, with sample values (escaped in the HTML, as
 * real ones are). Nothing is saved, and a draft with wrong placeholders still renders: the
 * editor previews while the admin types; saving checks the placeholders.
 */
export async function previewEmailTemplate(
  deps: AppDeps,
  draft: EmailTemplatePreviewBody,
): Promise<EmailHtmlDto> {
  if (!(await templateKeyExists(deps.db, draft.key)))
    throw invalidField('key', notificationMessages.unknownTemplate);
  const vars = await sampleVars(deps, draft.key, draft.locale);
  return { subject: renderTemplate(draft.subject, vars, false), html: renderTemplate(draft.html, vars) };
}
