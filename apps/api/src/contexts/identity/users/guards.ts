import { type AccountKind, LOCAL_ADMIN_ROLE } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { refusedField } from '../../../core/errors';
import type { Actor } from '../../platform';
import { kindOf } from './kinds';
import { countOtherAdministrators, lockOrganisation, type UserRow } from './repository';

/** 422 whose message says what is wrong, on the field it concerns. */
export const refuse = refusedField;

/** Whether the user is the one acting (a user never disables or demotes themselves). */
export const isSelf = (user: Pick<UserRow, 'accountId'>, actor: Actor) => user.accountId === actor.accountId;

/**
 * Whether the user is one of those who keep the platform or their organisation administrable:
 * enabled, with the administrator role and, in an organisation, not a service user.
 */
const isAdministrator = (user: Pick<UserRow, 'enabled' | 'type' | 'role'>) =>
  user.enabled && user.type !== 'service' && user.role.slug === LOCAL_ADMIN_ROLE;

/**
 * The platform always keeps an enabled admin user with the administrator role, and an
 * organisation an enabled default-type user with it: disabling the last one, taking the role away
 * or making them a service user is refused on `field`.
 */
export async function assertKeepsAnAdministrator(
  deps: AppDeps,
  kind: AccountKind,
  user: UserRow,
  field: string,
): Promise<void> {
  if (!isAdministrator(user)) return;
  if (kind !== 'admin' && user.organisation) await lockOrganisation(deps.db, kind, user.organisation.id);
  if ((await countOtherAdministrators(deps.db, kind, user.organisation?.id, user.id)) === 0)
    throw refuse(field, kindOf[kind].lastAdmin);
}
