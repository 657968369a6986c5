import {
  type AdminUserEntry,
  adminUserMessages,
  avatarColorFor,
  type CreateAdminUserBody,
  DEFAULT_LOCALE,
  messages,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, invalid } from '../../../core/errors';
import { type Actor, localeIsEnabled, recordActivity } from '../../platform';
import { sendActivationEmail } from '../auth/activation';
import { findAccountByLogin } from '../auth/repository';
import { auditedFields, toAdminUserEntry } from './dto';
import { findAdminUser, findRole, insertAdminAccount, insertAdminUser } from './repository';

/**
 * Invites an admin user: an account without a password, unverified until they follow the
 * mailed activation link and choose one. Admins may learn that an address is taken.
 */
export async function createAdminUser(
  deps: AppDeps,
  body: CreateAdminUserBody,
  actor: Actor,
): Promise<AdminUserEntry> {
  const errors: FieldErrors = {};
  if (await findAccountByLogin(deps.db, body.email)) errors.email = [adminUserMessages.emailTaken];
  const role = await findRole(deps.db, body.roleId);
  if (role?.category !== 'admin') errors.roleId = [adminUserMessages.unknownRole];
  const locale = body.locale ?? DEFAULT_LOCALE;
  if (body.locale !== undefined && !(await localeIsEnabled(deps, body.locale)))
    errors.locale = [messages.unknownLocale];
  if (Object.keys(errors).length) throw invalid(errors);

  const account = await insertAdminAccount(deps.db, { login: body.email, locale });
  const profile = await insertAdminUser(deps.db, {
    accountId: account.id,
    roleId: body.roleId,
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone || null,
    avatarColor: avatarColorFor(body.email),
  });
  const created = await findAdminUser(deps.db, profile.id);
  if (!created) throw new Error('The new admin user disappeared.');
  await recordActivity(deps, actor, [
    { event: 'created', entityType: 'admin_user', entityId: profile.id, after: auditedFields(created) },
  ]);
  await sendActivationEmail(deps, account);
  return toAdminUserEntry(created);
}
