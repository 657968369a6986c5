import { accounts, demoAccounts } from '@rtb/db';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../../core/rate-limiter';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectSameTime, interleavedTimes } from '../../../test/timing';

// The limits are not what is measured (both paths count alike), and 40 resends for one account
// would pass them.
const unlimited: RateLimiter = {
  hit: async () => ({ allowed: true, retryAfterMs: 0 }),
  refund: async () => {},
  reset: async () => {},
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true, deps: { limiter: unlimited } });
});
afterAll(() => t.close());

/** One request, timed by `interleavedTimes` up to its answer (not the work left for after it). */
const answered = (options: InjectOptions, status: number) => async () => {
  const res = await t.app.inject(options);
  expect(res.statusCode, res.body).toBe(status);
};
const settle = () => t.deps.background.settled();

describe('no account enumeration by timing (issue 12, item 6)', () => {
  it('a password reset takes as long for an existing account as for a missing one', async () => {
    const reset = (login: string) =>
      answered({ method: 'DELETE', url: '/api/agency/auth/password', payload: { login } }, 200);
    let existing = 0;
    const resetExisting = async () => {
      existing++;
      await reset(demoAccounts.agency.login)();
    };
    const times = await interleavedTimes([resetExisting, reset('nobody@example.com')], {
      between: settle,
    });
    expectSameTime(times, 'existing vs missing account');
    // Every request for the existing account still got its mail (made after the answer).
    const mails = (await t.outbox()).filter((m) => m.templateKey === 'password-reset');
    expect(mails).toHaveLength(existing);
  });

  it('resending the activation mail takes as long for an unverified account as for a missing id', async () => {
    const { login } = demoAccounts.solo;
    await t.database.db.update(accounts).set({ emailVerifiedAt: null }).where(eq(accounts.login, login));
    const [row] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.login, login));
    const resend = (id: number) =>
      answered({ method: 'POST', url: `/api/user/auth/resend-verification-email/${id}` }, 200);
    const times = await interleavedTimes([resend(row?.id ?? 0), resend(987_654)], { between: settle });
    expectSameTime(times, 'unverified account vs missing id');
  });

  it('a failed login takes as long for an existing account as for a missing one', async () => {
    const attempt = (login: string) =>
      answered(
        {
          method: 'POST',
          url: '/api/advertiser/auth/token',
          payload: { login, password: 'wrong-password-1' },
        },
        401,
      );
    const times = await interleavedTimes([
      attempt(demoAccounts.advertiser.login),
      attempt('nobody@example.com'),
    ]);
    expectSameTime(times, 'existing vs missing account');
  });
});
