import type { AppDeps } from '../../../core/deps';
import { HttpError, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { sendActivationEmail } from '../auth/activation';
import { findAdminUser } from './repository';

/** Mails a new activation link to an admin user who has not activated their account yet. */
export async function resendAdminActivation(deps: AppDeps, id: number, actor: Actor): Promise<void> {
  const user = await findAdminUser(deps.db, id);
  if (!user) throw notFound();
  if (user.emailVerifiedAt) throw new HttpError(422, 'users.already_verified');
  if (!user.enabled) throw new HttpError(422, 'users.account_disabled');
  await sendActivationEmail(deps, {
    id: user.accountId,
    login: user.login,
    kind: 'admin',
    locale: user.locale,
  });
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'admin_user',
      entityId: id,
      before: { activationEmailSentAt: null },
      after: { activationEmailSentAt: new Date() },
    },
  ]);
}
