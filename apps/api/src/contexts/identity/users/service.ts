import { hashPassword } from '@rtb/db';
import { type AccountKind, avatarColorFor, type UserType } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { findRoleId, insertAccount, insertAdvertiserUser, insertAgencyUser } from './repository';

interface NewUserFields {
  login: string;
  /** Null for invited users, who choose it when they activate. */
  password: string | null;
  locale: string;
  type: UserType;
  firstName: string;
  lastName: string;
  phone: string | null;
}

/** The role by its slug (registration: the local admin) or by id (chosen by an admin, already checked). */
export type NewUser = NewUserFields & ({ roleSlug: string } | { roleId: number });

type Organisation = { kind: 'agency'; agencyId: number } | { kind: 'advertiser'; advertiserId: number };

/** An unverified account and its profile in an organisation, with the role of that category. */
export async function createOrganisationUser(deps: AppDeps, organisation: Organisation, user: NewUser) {
  const kind: AccountKind = organisation.kind;
  const account = await insertAccount(deps.db, {
    login: user.login,
    kind,
    passwordHash: user.password === null ? null : await hashPassword(user.password),
    locale: user.locale,
  });
  const profile = {
    accountId: account.id,
    roleId: 'roleId' in user ? user.roleId : await findRoleId(deps.db, kind, user.roleSlug),
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    avatarColor: avatarColorFor(user.login),
    type: user.type,
  };
  const created =
    organisation.kind === 'agency'
      ? await insertAgencyUser(deps.db, { ...profile, agencyId: organisation.agencyId })
      : await insertAdvertiserUser(deps.db, { ...profile, advertiserId: organisation.advertiserId });
  return { account, profile: created };
}
