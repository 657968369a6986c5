import type { AccountKind } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { HttpError, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { sendPasswordResetEmail } from '../auth/password-reset';
import { organisationIdsOf, userName } from './dto';
import { kindOf, type UserScope } from './kinds';
import { findUser } from './repository';

/**
 * Starts a password reset for a user: they get the reset e-mail and choose the new password
 * themselves (nobody else sees or sets it).
 */
export async function sendPasswordReset(
  deps: AppDeps,
  kind: AccountKind,
  scope: UserScope,
  id: number,
  actor: Actor,
) {
  const user = await findUser(deps.db, kind, id, scope);
  if (!user) throw notFound();
  if (!user.enabled) throw new HttpError(422, 'users.account_disabled');
  const validMinutes = await sendPasswordResetEmail(
    deps,
    { id: user.accountId, login: user.login, kind, locale: user.locale },
    { ip: actor.ip, userAgent: actor.userAgent },
  );
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: kindOf[kind].entityType,
      entityId: id,
      name: userName(user),
      ...organisationIdsOf(kind, user.organisation),
      before: { resetEmailSentAt: null },
      after: { resetEmailSentAt: new Date() },
    },
  ]);
  return { email: user.login, validMinutes };
}
