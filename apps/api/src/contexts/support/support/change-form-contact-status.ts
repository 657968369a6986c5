import type { FormContactDto, FormContactStatus } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { organisationIdsOf } from './dto';
import { findFormContact, lockFormContact, setFormContactStatus } from './form-contacts-repository';
import { getFormContact } from './get-form-contact';

/** Moves a contact to a status (admin); the organisation sees the new one at once. */
export async function changeFormContactStatus(
  deps: AppDeps,
  id: number,
  status: FormContactStatus,
  actor: Actor,
): Promise<FormContactDto> {
  const before = await lockFormContact(deps.db, id);
  if (!before) throw notFound();
  if (before.status !== status) {
    await setFormContactStatus(deps.db, id, status);
    const row = await findFormContact(deps.db, id);
    await recordActivity(deps, actor, [
      {
        event: 'updated',
        entityType: 'form_contact',
        entityId: id,
        name: before.subject,
        before: { status: before.status },
        after: { status },
        ...(row ? organisationIdsOf(row) : {}),
      },
    ]);
  }
  return getFormContact(deps, id, null);
}
