import { type ContactFormBody, configKeys, type FormContactDto } from '@rtb/shared';
import type { OrganisationContext, OrganisationRef } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { enforceLimits } from '../../../core/rate-limits';
import type { IncomingFile } from '../../platform';
import { type Actor, queueEmail, recordActivity, storeUpload } from '../../platform';
import { organisationIdsOf, toFormContactDto } from './dto';
import { findFormContact, insertFormContact } from './form-contacts-repository';

/** The agency or advertiser user sending the form, as the route knows them. */
export interface Sender {
  owner: OrganisationRef;
  organisationIds: OrganisationContext;
  /** The language of the mail to the support team: the one the user writes in. */
  locale: string;
}

export interface ContactForm extends ContactFormBody {
  attachment?: IncomingFile;
}

/**
 * Stores a support request of the sender's organisation (with its attachment, checked) and
 * mails it to the support address of the configuration, all in the caller's transaction: a
 * refused attachment leaves neither a contact nor a mail. Each user may send 20 an hour, so
 * nobody floods the support inbox.
 */
export async function sendFormContact(
  deps: AppDeps,
  sender: Sender,
  form: ContactForm,
  actor: Actor,
): Promise<FormContactDto> {
  await enforceLimits(deps, [['contactPerAccount', String(actor.accountId)]]);
  const attachment = form.attachment
    ? await storeUpload(
        deps,
        form.attachment,
        { field: 'attachment', owner: sender.owner, organisationIds: sender.organisationIds },
        actor,
      )
    : null;
  const id = await insertFormContact(deps.db, {
    ...sender.owner,
    accountId: actor.accountId,
    subject: form.subject,
    message: form.message,
    fileUploadId: attachment?.id ?? null,
  });
  const row = await findFormContact(deps.db, id);
  if (!row) throw new Error(`form contact ${id} not found after insert`);

  await recordActivity(deps, actor, [
    {
      event: 'created',
      entityType: 'form_contact',
      entityId: id,
      after: {
        subject: row.subject,
        message: row.message,
        status: row.status,
        attachment: attachment?.name ?? null,
      },
      ...organisationIdsOf(row),
    },
  ]);
  await queueEmail(deps, {
    to: String(await deps.settings.get(deps.db, configKeys.supportEmail)),
    templateKey: 'support-contact',
    locale: sender.locale,
    vars: {
      contactId: id,
      subject: row.subject,
      message: row.message,
      organisationName: row.organisationName,
      senderName: row.submitter?.name ?? row.submitter?.login ?? '',
      senderEmail: row.submitter?.login ?? '',
      attachmentName: attachment?.name ?? '—',
      link: `${deps.config.publicUrl}/panel/admin/support?contact=${id}`,
    },
  });
  return toFormContactDto(row, []);
}
