import type { FormContactDto } from '@rtb/shared';
import type { OrganisationRef } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { findComments } from './comments-repository';
import { toFormContactDto } from './dto';
import { findFormContact } from './form-contacts-repository';

/** One contact with its replies; 404 when it is not the organisation's (`scope`), so ids reveal nothing. */
export async function getFormContact(
  deps: AppDeps,
  id: number,
  scope: OrganisationRef | null,
): Promise<FormContactDto> {
  const row = await findFormContact(deps.db, id, scope);
  if (!row) throw notFound();
  return toFormContactDto(row, await findComments(deps.db, id));
}
