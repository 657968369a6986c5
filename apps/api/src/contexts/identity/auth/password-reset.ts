import { hashPassword } from '@rtb/db';
import { type AccountKind, configKeys, messages, type SetPasswordBody } from '@rtb/shared';
import type { ClientInfo } from '../../../core/client-info';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { invalidField, notFound } from '../../../core/errors';
import { enforceLimits } from '../../../core/rate-limits';
import { queueEmail } from '../../platform';
import { assertPasswordNotCommon } from './password-policy';
import {
  type Account,
  findAccountById,
  findAccountByLogin,
  findLiveToken,
  findProfileNames,
  insertToken,
  revokeAccountTokens,
  revokeToken,
  updateAccount,
} from './repository';
import { issueSession, type Session } from './session';
import { hashToken, newToken } from './tokens';

/**
 * Mails a reset link when the account exists and is enabled. The answer is the same either
 * way, and so is its time: the account is looked up and mailed after the reply (`deps` must not
 * be a request's transaction), so nobody learns which addresses have accounts.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  kind: AccountKind,
  login: string,
  client: ClientInfo,
): Promise<void> {
  const ip = client.ip ?? 'unknown';
  await enforceLimits(deps, [
    ['resetPerIp', ip],
    ['resetPerLoginIp', `${kind}|${login}|${ip}`],
  ]);
  deps.background.run('password reset mail', () =>
    inTransaction(deps, async (tx) => {
      const account = await findAccountByLogin(tx.db, login, kind);
      if (account?.enabled) await sendPasswordResetEmail(tx, account, client);
    }),
  );
}

/**
 * A new reset link (older ones stop working), mailed in the account's locale. Also used by
 * admins to start a reset for a user: they never see or set the password themselves.
 * Returns how many minutes the link is valid.
 */
export async function sendPasswordResetEmail(
  deps: AppDeps,
  account: Pick<Account, 'id' | 'login' | 'kind' | 'locale'>,
  client: Partial<ClientInfo> = {},
): Promise<number> {
  const minutes = await deps.settings.number(deps.db, configKeys.passwordResetLifetimeMinutes);
  await revokeAccountTokens(deps.db, account.id, 'password_reset');
  const { token, tokenHash } = newToken();
  await insertToken(deps.db, {
    accountId: account.id,
    purpose: 'password_reset',
    tokenHash,
    expiresAt: new Date(Date.now() + minutes * 60_000),
    createdIp: client.ip ?? null,
    userAgent: client.userAgent ?? null,
  });
  const names = await findProfileNames(deps.db, account.id);
  await queueEmail(deps, {
    to: account.login,
    accountId: account.id,
    templateKey: 'password-reset',
    locale: account.locale,
    vars: {
      firstName: names.firstName,
      link: `${deps.config.publicUrl}/account/${account.kind}/password-change?token=${token}`,
      validMinutes: minutes,
    },
  });
  return minutes;
}

async function liveResetAccount(deps: AppDeps, kind: AccountKind, token: string) {
  const row = await findLiveToken(deps.db, hashToken(token), 'password_reset');
  const account = row && (await findAccountById(deps.db, row.accountId));
  if (!row || !account || account.kind !== kind || !account.enabled) return null;
  return { tokenId: row.id, account };
}

/** Who a reset link is for (`data.user`), or 404 'Not Found'. */
export async function lookupResetToken(deps: AppDeps, kind: AccountKind, token: string, client: ClientInfo) {
  await enforceLimits(deps, [['tokenLookupPerIp', client.ip ?? 'unknown']]);
  const found = await liveResetAccount(deps, kind, token);
  if (!found) throw notFound();
  const names = await findProfileNames(deps.db, found.account.id);
  return { login: found.account.login, ...names };
}

/** Sets the new password, proves the mailbox, and signs out every other session. */
export async function resetPassword(
  deps: AppDeps,
  kind: AccountKind,
  body: SetPasswordBody,
  client: ClientInfo,
): Promise<Session> {
  const found = await liveResetAccount(deps, kind, body.token);
  if (!found) throw invalidField('token', messages.invalidOrExpiredToken);
  assertPasswordNotCommon(body.password);
  const { account, tokenId } = found;
  await updateAccount(deps.db, account.id, {
    passwordHash: await hashPassword(body.password),
    emailVerifiedAt: account.emailVerifiedAt ?? new Date(),
  });
  await revokeToken(deps.db, tokenId);
  await revokeAccountTokens(deps.db, account.id, 'auth');
  await revokeAccountTokens(deps.db, account.id, 'password_reset');
  deps.sessionsChanged(account.id);
  return issueSession(deps, account.id, client);
}
