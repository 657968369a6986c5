import {
  DEFAULT_LOCALE,
  messages,
  type OrganisationKind,
  type OrganisationUserEntry,
  organisationUserMessages,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, invalid } from '../../../core/errors';
import { type Actor, localeIsEnabled, recordActivity } from '../../platform';
import { sendActivationEmail } from '../auth/activation';
import { findAccountByLogin } from '../auth/repository';
import { auditedFields, organisationIdsOf, toOrganisationUserEntry } from './dto';
import { everyOrganisation, kindOf, type NewOrganisationUser, type UserScope } from './kinds';
import { findOrganisation, findOrganisationUser, findRole } from './repository';
import { createOrganisationUser } from './service';

/**
 * Field errors of an invitation, under the body's own field names. An organisation outside the
 * scope is as unknown as one that does not exist; it is not checked when not given (it is being
 * created with its first user).
 */
export async function invitationErrors(
  deps: AppDeps,
  kind: OrganisationKind,
  scope: UserScope,
  body: Pick<NewOrganisationUser, 'email' | 'roleId' | 'locale'> & { organisationId?: number },
  names: Record<'organisationId' | 'email' | 'roleId' | 'locale', string>,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (
    body.organisationId !== undefined &&
    !(await findOrganisation(deps.db, kind, body.organisationId, scope))
  )
    errors[names.organisationId] = [kindOf[kind].unknownOrganisation];
  if (await findAccountByLogin(deps.db, body.email))
    errors[names.email] = [organisationUserMessages.emailTaken];
  const role = await findRole(deps.db, body.roleId);
  if (role?.category !== kind) errors[names.roleId] = [organisationUserMessages.unknownRole];
  if (body.locale !== undefined && !(await localeIsEnabled(deps, body.locale)))
    errors[names.locale] = [messages.unknownLocale];
  return errors;
}

/**
 * Invites a user into an agency or advertiser of the scope: an account without a password,
 * unverified until they follow the mailed activation link and choose one.
 */
export async function inviteOrganisationUser(
  deps: AppDeps,
  kind: OrganisationKind,
  scope: UserScope,
  body: NewOrganisationUser,
  actor: Actor,
): Promise<OrganisationUserEntry> {
  const errors = await invitationErrors(deps, kind, scope, body, {
    organisationId: kindOf[kind].organisationField,
    email: 'email',
    roleId: 'roleId',
    locale: 'locale',
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return insertInvitedUser(deps, kind, body, actor);
}

/** Creates the invited user (already checked) with its activity-log row and activation e-mail. */
export async function insertInvitedUser(
  deps: AppDeps,
  kind: OrganisationKind,
  body: NewOrganisationUser,
  actor: Actor,
): Promise<OrganisationUserEntry> {
  const organisation =
    kind === 'agency' ? { kind, agencyId: body.organisationId } : { kind, advertiserId: body.organisationId };
  const { account, profile } = await createOrganisationUser(deps, organisation, {
    login: body.email,
    password: null,
    locale: body.locale ?? DEFAULT_LOCALE,
    roleId: body.roleId,
    type: body.type,
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone || null,
  });
  const created = await findOrganisationUser(deps.db, kind, profile.id, everyOrganisation);
  if (!created) throw new Error('The new organisation user disappeared.');
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
  return toOrganisationUserEntry(kind, created);
}
