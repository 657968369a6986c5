import { LOCAL_ADMIN_ROLE, type OrganisationKind, organisationUserMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { refusedField } from '../../../core/errors';
import type { Actor } from '../../platform';
import { countOtherOrganisationAdmins, lockOrganisation, type OrganisationUserRow } from './repository';

/** 422 whose message says what is wrong, on the field it concerns. */
export const refuse = refusedField;

/** Whether the user is the one acting (a user never disables or demotes themselves). */
export const isSelf = (user: Pick<OrganisationUserRow, 'accountId'>, actor: Actor) =>
  user.accountId === actor.accountId;

/** Whether the user is one of those who keep the organisation administrable. */
export const isOrganisationAdmin = (user: Pick<OrganisationUserRow, 'enabled' | 'type' | 'role'>) =>
  user.enabled && user.type === 'default' && user.role.slug === LOCAL_ADMIN_ROLE;

/**
 * An organisation always keeps an enabled default-type user with the administrator role:
 * disabling the last one, taking the role away or making them a service user is refused.
 */
export async function assertKeepsAnOrganisationAdmin(
  deps: AppDeps,
  kind: OrganisationKind,
  user: OrganisationUserRow,
  field: string,
): Promise<void> {
  if (!isOrganisationAdmin(user)) return;
  await lockOrganisation(deps.db, kind, user.organisation.id);
  if ((await countOtherOrganisationAdmins(deps.db, kind, user.organisation.id, user.id)) === 0)
    throw refuse(field, organisationUserMessages.lastAdmin);
}
