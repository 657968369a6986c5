import { hashPassword } from '@rtb/db';
import { type AccountKind, type ActivateBody, configKeys, messages } from '@rtb/shared';
import type { ClientInfo } from '../../../core/client-info';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import { enforceLimits } from '../../../core/rate-limits';
import { queueEmail } from '../../platform';
import { assertPasswordNotCommon } from './password-policy';
import {
  type Account,
  findAccountById,
  findLiveToken,
  findProfileNames,
  insertToken,
  revokeAccountTokens,
  revokeToken,
  updateAccount,
} from './repository';
import { issueSession, type Session } from './session';
import { hashToken, newToken } from './tokens';

/** A new activation link (older ones stop working), mailed in the account's locale. */
export async function sendActivationEmail(
  deps: AppDeps,
  account: Pick<Account, 'id' | 'login' | 'kind' | 'locale'>,
) {
  const hours = await deps.settings.number(deps.db, configKeys.activationLifetimeHours);
  await revokeAccountTokens(deps.db, account.id, 'activation');
  const { token, tokenHash } = newToken();
  await insertToken(deps.db, {
    accountId: account.id,
    purpose: 'activation',
    tokenHash,
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
  const names = await findProfileNames(deps.db, account.id);
  await queueEmail(deps, {
    to: account.login,
    accountId: account.id,
    templateKey: 'account-activation',
    locale: account.locale,
    vars: {
      firstName: names.firstName,
      link: `${deps.config.publicUrl}/account/${account.kind}/activate?token=${token}`,
      validHours: hours,
    },
  });
}

/** Follows the e-mailed link: the address is verified and the user is signed in. */
export async function activate(
  deps: AppDeps,
  kind: AccountKind,
  body: ActivateBody,
  client: ClientInfo,
): Promise<Session> {
  const row = await findLiveToken(deps.db, hashToken(body.token), 'activation');
  const account = row && (await findAccountById(deps.db, row.accountId));
  if (!row || !account || account.kind !== kind || !account.enabled) {
    throw invalidField('token', messages.invalidOrExpiredToken);
  }
  // Invited users have no password yet and choose it here.
  if (!account.passwordHash && !body.password) throw invalidField('password', messages.passwordRequired);
  if (body.password) assertPasswordNotCommon(body.password);
  await updateAccount(deps.db, account.id, {
    emailVerifiedAt: account.emailVerifiedAt ?? new Date(),
    ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
  });
  await revokeToken(deps.db, row.id);
  return issueSession(deps, account.id, client);
}

/**
 * Sends the activation mail again; answers the same whatever the id, in the same time (the mail
 * is made after the reply; `deps` must not be a request's transaction), so ids reveal nothing.
 */
export async function resendVerificationEmail(
  deps: AppDeps,
  accountId: number,
  client: ClientInfo,
): Promise<void> {
  await enforceLimits(deps, [
    ['resendPerAccount', String(accountId)],
    ['registerPerIp', client.ip ?? 'unknown'],
  ]);
  deps.background.run('activation mail', () =>
    inTransaction(deps, async (tx) => {
      const account = await findAccountById(tx.db, accountId);
      if (account?.enabled && !account.emailVerifiedAt) await sendActivationEmail(tx, account);
    }),
  );
}
