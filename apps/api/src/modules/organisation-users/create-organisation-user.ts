import {
  DEFAULT_LOCALE,
  messages,
  type OrganisationKind,
  type OrganisationUserEntry,
  organisationUserMessages,
} from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { type FieldErrors, invalid } from '../../core/errors';
import { type Actor, recordActivity } from '../activity-logs/service';
import { sendActivationEmail } from '../auth/activation';
import { findAccountByLogin } from '../auth/repository';
import { localeIsEnabled } from '../reference/service';
import { createOrganisationUser } from '../users/service';
import { auditedFields, organisationIdsOf, toOrganisationUserEntry } from './dto';
import { kindOf, type NewOrganisationUser } from './kinds';
import { findOrganisation, findOrganisationUser, findRole } from './repository';

/**
 * Invites a user into an agency or advertiser: an account without a password, unverified
 * until they follow the mailed activation link and choose one.
 */
export async function inviteOrganisationUser(
  deps: AppDeps,
  kind: OrganisationKind,
  body: NewOrganisationUser,
  actor: Actor,
): Promise<OrganisationUserEntry> {
  const errors: FieldErrors = {};
  if (!(await findOrganisation(deps.db, kind, body.organisationId)))
    errors[kindOf[kind].organisationField] = [kindOf[kind].unknownOrganisation];
  if (await findAccountByLogin(deps.db, body.email)) errors.email = [organisationUserMessages.emailTaken];
  const role = await findRole(deps.db, body.roleId);
  if (role?.category !== kind) errors.roleId = [organisationUserMessages.unknownRole];
  if (body.locale !== undefined && !(await localeIsEnabled(deps, body.locale)))
    errors.locale = [messages.unknownLocale];
  if (Object.keys(errors).length) throw invalid(errors);

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
  const created = await findOrganisationUser(deps.db, kind, profile.id);
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
