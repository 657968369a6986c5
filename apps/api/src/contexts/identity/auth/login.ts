import { hashPassword, verifyPassword } from '@rtb/db';
import type { AccountKind, LoginBody } from '@rtb/shared';
import type { ClientInfo } from '../../../core/client-info';
import type { AppDeps } from '../../../core/deps';
import { unauthenticated } from '../../../core/errors';
import { enforceLimits, refundLimits } from '../../../core/rate-limits';
import { findAccountByLogin, updateAccount } from './repository';
import { issueSession, type Session } from './session';

/** Verified against when the login is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;

export async function login(
  deps: AppDeps,
  kind: AccountKind,
  body: LoginBody,
  client: ClientInfo,
): Promise<Session> {
  const ip = client.ip ?? 'unknown';
  const loginKey = `${kind}|${body.login}|${ip}`;
  // Every attempt counts until its password is right (so parallel guesses cannot slip through).
  await enforceLimits(deps, [
    ['loginPerIp', ip],
    ['loginPerLoginIp', loginKey],
  ]);

  dummyHash ??= hashPassword('not-a-real-password-ever');
  const account = await findAccountByLogin(deps.db, body.login, kind);
  const passwordOk = await verifyPassword(account?.passwordHash ?? (await dummyHash), body.password);
  if (!account?.passwordHash || !passwordOk) throw unauthenticated('auth.invalid_credentials');
  // The right password is no guess: it gives its attempt back and clears this login's failures.
  await refundLimits(deps, [['loginPerIp', ip]]);
  await deps.limiter.reset(`loginPerLoginIp:${loginKey}`);
  // Only someone who knows the password learns the account's state.
  if (!account.enabled) throw unauthenticated('auth.account_disabled');
  if (!account.emailVerifiedAt) throw unauthenticated('auth.email_not_verified', { accountId: account.id });

  await updateAccount(deps.db, account.id, { lastLoginAt: new Date() });
  return issueSession(deps, account.id, client);
}
