import type { AppDeps } from '../../../core/deps';
import { HttpError, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { sendPasswordResetEmail } from '../auth/password-reset';
import { findAdminUser } from './repository';

/**
 * Starts a password reset for an admin user: they get the reset e-mail and choose the new
 * password themselves (admins never see or set others' passwords).
 */
export async function sendAdminPasswordReset(deps: AppDeps, id: number, actor: Actor) {
  const user = await findAdminUser(deps.db, id);
  if (!user) throw notFound();
  if (!user.enabled) throw new HttpError(422, 'users.account_disabled');
  const validMinutes = await sendPasswordResetEmail(
    deps,
    { id: user.accountId, login: user.login, kind: 'admin', locale: user.locale },
    { ip: actor.ip, userAgent: actor.userAgent },
  );
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'admin_user',
      entityId: id,
      before: { resetEmailSentAt: null },
      after: { resetEmailSentAt: new Date() },
    },
  ]);
  return { email: user.login, validMinutes };
}
