import type { AccountKind } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { HttpError, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { sendActivationEmail } from '../auth/activation';
import { organisationIdsOf, userName } from './dto';
import { kindOf, type UserScope } from './kinds';
import { findUser } from './repository';

/** Mails a new activation link (the older one stops working) to a user who has not activated yet. */
export async function resendActivation(
  deps: AppDeps,
  kind: AccountKind,
  scope: UserScope,
  id: number,
  actor: Actor,
): Promise<void> {
  const user = await findUser(deps.db, kind, id, scope);
  if (!user) throw notFound();
  if (user.emailVerifiedAt) throw new HttpError(422, 'users.already_verified');
  if (!user.enabled) throw new HttpError(422, 'users.account_disabled');
  await sendActivationEmail(deps, { id: user.accountId, login: user.login, kind, locale: user.locale });
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: kindOf[kind].entityType,
      entityId: id,
      name: userName(user),
      ...organisationIdsOf(kind, user.organisation),
      before: { activationEmailSentAt: null },
      after: { activationEmailSentAt: new Date() },
    },
  ]);
}
