import type { EmailTemplateDto, UpdateEmailTemplateBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalid, notFound } from '../../../core/errors';
import { type Actor, lockTemplate, recordActivity, updateTemplate } from '../../platform';
import { toEmailTemplateDto } from './dto';
import { placeholderErrors } from './placeholders';

/**
 * Saves a template's subject and HTML. It may use only the placeholders its key provides and
 * must keep the required ones (422 on `subject` or `html`). Mails already queued keep their text.
 */
export async function updateEmailTemplate(
  deps: AppDeps,
  id: number,
  body: UpdateEmailTemplateBody,
  actor: Actor,
): Promise<EmailTemplateDto> {
  const before = await lockTemplate(deps.db, id);
  if (!before) throw notFound();
  const errors = placeholderErrors(before.key, body);
  if (Object.keys(errors).length) throw invalid(errors);

  const after = await updateTemplate(deps.db, id, { subject: body.subject, html: body.html });
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'email_template',
      entityId: id,
      before: { subject: before.subject, html: before.html },
      after: { subject: after.subject, html: after.html },
    },
  ]);
  return toEmailTemplateDto(after);
}
