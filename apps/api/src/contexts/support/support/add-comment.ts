import { type CommentBody, type CommentDto, supportMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import { type Actor, queueEmail, recordActivity } from '../../platform';
import { findComment, insertComment } from './comments-repository';
import { organisationIdsOf, toCommentDto } from './dto';
import {
  findFormContact,
  lockFormContact,
  setFormContactStatus,
  touchFormContact,
} from './form-contacts-repository';

/**
 * An admin's reply to a contact. Replies are for the customer: the organisation sees them on
 * its support page and the sender gets them by e-mail. Replying to a new contact takes it in
 * hand (in progress).
 */
export async function addComment(deps: AppDeps, body: CommentBody, actor: Actor): Promise<CommentDto> {
  const contact = await lockFormContact(deps.db, body.formContactId);
  if (!contact) throw invalidField('formContactId', supportMessages.unknownFormContact);
  const id = await insertComment(deps.db, {
    formContactId: contact.id,
    authorAccountId: actor.accountId,
    content: body.content,
  });
  if (contact.status === 'new') await setFormContactStatus(deps.db, contact.id, 'in_progress');
  else await touchFormContact(deps.db, contact.id);

  const row = await findFormContact(deps.db, contact.id);
  if (!row) throw new Error(`form contact ${contact.id} vanished`);
  const organisationIds = organisationIdsOf(row);
  await recordActivity(deps, actor, [
    {
      event: 'created',
      entityType: 'comment',
      entityId: id,
      after: { formContactId: contact.id, content: body.content },
      ...organisationIds,
    },
    ...(contact.status === 'new'
      ? [
          {
            event: 'updated' as const,
            entityType: 'form_contact' as const,
            entityId: contact.id,
            before: { status: contact.status },
            after: { status: 'in_progress' },
            ...organisationIds,
          },
        ]
      : []),
  ]);

  if (row.submitter !== null) {
    const panel = row.agencyId !== null ? 'agency' : 'advertiser';
    await queueEmail(deps, {
      to: row.submitter.login,
      accountId: row.submitter.id,
      templateKey: 'support-reply',
      locale: row.submitter.locale,
      vars: {
        firstName: row.submitter.firstName ?? '',
        subject: row.subject,
        reply: body.content,
        link: `${deps.config.publicUrl}/panel/${panel}/support?contact=${contact.id}`,
      },
    });
  }
  const comment = await findComment(deps.db, id);
  if (!comment) throw new Error(`comment ${id} not found after insert`);
  return toCommentDto(comment);
}
