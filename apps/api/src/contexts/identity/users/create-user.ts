import { hashPassword } from '@rtb/db';
import {
  type AccountKind,
  avatarColorFor,
  DEFAULT_LOCALE,
  messages,
  organisationUserMessages,
  type UserType,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, invalid } from '../../../core/errors';
import { type Actor, localeIsEnabled, recordActivity } from '../../platform';
import { sendActivationEmail } from '../auth/activation';
import { findAccountByLogin } from '../auth/repository';
import { auditedFields, organisationIdsOf, toUserEntry, type UserEntry } from './dto';
import { everyOrganisation, kindOf, type NewUser, type UserScope } from './kinds';
import {
  findOrganisation,
  findRole,
  findRoleId,
  findUser,
  insertAccount,
  insertProfile,
  type Membership,
} from './repository';

/**
 * Field errors of an invitation, under the body's own field names. An organisation outside the
 * scope is as unknown as one that does not exist; it is not checked when not given (it is being
 * created with its first user, or the user is an admin). The texts are the same for every kind.
 */
export async function invitationErrors(
  deps: AppDeps,
  kind: AccountKind,
  scope: UserScope,
  body: Pick<NewUser, 'organisationId' | 'email' | 'roleId' | 'locale'>,
  names: Record<'organisationId' | 'email' | 'roleId' | 'locale', string>,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const { organisation } = kindOf[kind];
  if (
    kind !== 'admin' &&
    organisation &&
    body.organisationId !== undefined &&
    !(await findOrganisation(deps.db, kind, body.organisationId, scope))
  )
    errors[names.organisationId] = [organisation.unknown];
  if (await findAccountByLogin(deps.db, body.email))
    errors[names.email] = [organisationUserMessages.emailTaken];
  const role = await findRole(deps.db, body.roleId);
  if (role?.category !== kind) errors[names.roleId] = [organisationUserMessages.unknownRole];
  if (body.locale !== undefined && !(await localeIsEnabled(deps, body.locale)))
    errors[names.locale] = [messages.unknownLocale];
  return errors;
}

/**
 * Invites a user: an admin, or a user into an agency or advertiser of the scope. An account
 * without a password, unverified until they follow the mailed activation link and choose one.
 * The inviting user may learn that an address is taken.
 */
export async function inviteUser(
  deps: AppDeps,
  kind: AccountKind,
  scope: UserScope,
  body: NewUser,
  actor: Actor,
): Promise<UserEntry> {
  const errors = await invitationErrors(deps, kind, scope, body, {
    organisationId: kindOf[kind].organisation?.field ?? 'organisationId',
    email: 'email',
    roleId: 'roleId',
    locale: 'locale',
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return insertInvitedUser(deps, kind, body, actor);
}

/** Where a user of the kind belongs: nowhere for an admin, else the body's organisation. */
function membershipOf(kind: AccountKind, organisationId: number | undefined): Membership {
  if (kind === 'admin') return { kind };
  if (organisationId === undefined) throw new Error(`No ${kind} to put the new user into.`);
  return kind === 'agency' ? { kind, agencyId: organisationId } : { kind, advertiserId: organisationId };
}

/** Creates the invited user (already checked) with its activity-log row and activation e-mail. */
export async function insertInvitedUser(
  deps: AppDeps,
  kind: AccountKind,
  body: NewUser,
  actor: Actor,
): Promise<UserEntry> {
  const { account, profile } = await createUser(deps, membershipOf(kind, body.organisationId), {
    login: body.email,
    password: null,
    locale: body.locale ?? DEFAULT_LOCALE,
    roleId: body.roleId,
    type: body.type,
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone || null,
  });
  const created = await findUser(deps.db, kind, profile.id, everyOrganisation);
  if (!created) throw new Error(`The new ${kind} user disappeared.`);
  await recordActivity(deps, actor, [
    {
      event: 'created',
      entityType: kindOf[kind].entityType,
      entityId: profile.id,
      ...organisationIdsOf(kind, created.organisation),
      after: auditedFields(created),
    },
  ]);
  await sendActivationEmail(deps, account);
  return toUserEntry(kind, created);
}

interface NewAccountFields {
  login: string;
  /** Null for invited users, who choose it when they activate. */
  password: string | null;
  locale: string;
  /** Agency and advertiser users only. */
  type?: UserType;
  firstName: string;
  lastName: string;
  phone: string | null;
}

/** The role by its slug (registration: the local admin) or by id (chosen by an admin, already checked). */
export type NewAccount = NewAccountFields & ({ roleSlug: string } | { roleId: number });

/** An unverified account and its profile, in the organisation if any, with the role of that kind. */
export async function createUser(deps: AppDeps, membership: Membership, user: NewAccount) {
  const { kind } = membership;
  const account = await insertAccount(deps.db, {
    login: user.login,
    kind,
    passwordHash: user.password === null ? null : await hashPassword(user.password),
    locale: user.locale,
  });
  const profile = await insertProfile(deps.db, membership, {
    accountId: account.id,
    roleId: 'roleId' in user ? user.roleId : await findRoleId(deps.db, kind, user.roleSlug),
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    avatarColor: avatarColorFor(user.login),
    type: user.type,
  });
  return { account, profile };
}
