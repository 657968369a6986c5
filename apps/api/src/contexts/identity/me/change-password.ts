import { hashPassword, verifyPassword } from '@rtb/db';
import { type ChangePasswordBody, type MeDto, messages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import { type Actor, queueEmail, recordActivity } from '../../platform';
import { toMeDto } from '../auth/me-dto';
import { assertPasswordNotCommon } from '../auth/password-policy';
import type { Principal } from '../auth/principal-repository';
import { findProfileNames, revokeAccountTokens, updateAccount } from '../auth/repository';
import { ownUserChange } from './own-user-change';
import { findPasswordHash } from './repository';

/**
 * Changes the user's own password after checking the current one. Every other session is
 * signed out and the user is told by e-mail.
 */
export async function changePassword(
  deps: AppDeps,
  principal: Principal,
  body: ChangePasswordBody,
  actor: Actor,
): Promise<MeDto> {
  const current = await findPasswordHash(deps.db, principal.accountId);
  if (!current || !(await verifyPassword(current, body.currentPassword))) {
    throw invalidField('currentPassword', messages.currentPasswordWrong);
  }
  assertPasswordNotCommon(body.password);
  await updateAccount(deps.db, principal.accountId, { passwordHash: await hashPassword(body.password) });
  await revokeAccountTokens(deps.db, principal.accountId, 'auth', principal.tokenId);
  await revokeAccountTokens(deps.db, principal.accountId, 'password_reset');
  deps.sessionsChanged(principal.accountId);
  // When, never what: the log keeps no trace of the password itself.
  await recordActivity(deps, actor, [
    ownUserChange(principal, { passwordChangedAt: null }, { passwordChangedAt: new Date() }),
  ]);
  const names = await findProfileNames(deps.db, principal.accountId);
  await queueEmail(deps, {
    to: principal.login,
    accountId: principal.accountId,
    templateKey: 'password-changed',
    locale: principal.locale,
    vars: {
      firstName: names.firstName,
      link: `${deps.config.publicUrl}/account/${principal.kind}/password-reset`,
    },
  });
  return toMeDto({ ...principal, hasPassword: true });
}
