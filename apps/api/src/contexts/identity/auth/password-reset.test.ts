import { demoAccounts } from '@rtb/db';
import { messages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFromMail } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const { login, password } = demoAccounts.advertiser;
const requestReset = (who: string, panel = 'advertiser') =>
  t.call({ method: 'DELETE', url: `/api/${panel}/auth/password`, payload: { login: who } });
const resetMails = async () => (await t.outbox()).filter((m) => m.templateKey === 'password-reset');

describe('password reset', () => {
  it('answers the same for a known and an unknown address, mailing only the known one', async () => {
    const known = await requestReset(login);
    const unknown = await requestReset('ghost@example.com');
    const wrongPanel = await requestReset(login, 'agency');
    for (const res of [known, unknown, wrongPanel]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(known.body);
    }
    const mails = await resetMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toAddress).toBe(login);
    expect(mails[0]?.html).toContain('http://panel.test/account/advertiser/password-change?token=');
  });

  it('looks the token up (data.user), or answers 404 Not Found', async () => {
    const token = tokenFromMail((await resetMails())[0]?.html ?? '');
    const res = await t.call({
      method: 'GET',
      url: `/api/advertiser/auth/password-reset-token?token=${token}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toEqual({ login, firstName: 'Dorota', lastName: 'Sklepowa' });
    const other = await t.call({
      method: 'GET',
      url: `/api/agency/auth/password-reset-token?token=${token}`,
    });
    expect(other.status).toBe(404);
    const bad = await t.call({ method: 'GET', url: '/api/advertiser/auth/password-reset-token?token=nope' });
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual({ message: 'Not Found', code: 404, error: 'common.not_found' });
  });

  it('sets the new password, signs in, and ends every other session', async () => {
    const oldSession = await t.loginAs('advertiser', login, password);
    const token = tokenFromMail((await resetMails())[0]?.html ?? '');
    const weak = await t.call({
      method: 'POST',
      url: '/api/advertiser/auth/password',
      payload: { token, password: 'qwerty123', passwordConfirmation: 'qwerty123' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors).toEqual({ password: [messages.passwordTooCommon] });

    const res = await t.call({
      method: 'POST',
      url: '/api/advertiser/auth/password',
      payload: { token, password: 'new-lantern-77', passwordConfirmation: 'new-lantern-77' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.me.login).toBe(login);
    const newSession = res.body.data.authToken as string;

    expect((await t.call({ method: 'GET', url: '/api/advertiser/me', token: oldSession })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/advertiser/me', token: newSession })).status).toBe(200);
    const oldPassword = await t.call({
      method: 'POST',
      url: '/api/advertiser/auth/token',
      payload: { login, password },
    });
    expect(oldPassword.status).toBe(401);
    await t.loginAs('advertiser', login, 'new-lantern-77');

    // The link works once.
    const reuse = await t.call({
      method: 'GET',
      url: `/api/advertiser/auth/password-reset-token?token=${token}`,
    });
    expect(reuse.status).toBe(404);
  });

  it('a newer reset link replaces the older one', async () => {
    await requestReset(demoAccounts.solo.login);
    await requestReset(demoAccounts.solo.login);
    const mails = (await resetMails()).filter((m) => m.toAddress === demoAccounts.solo.login);
    expect(mails).toHaveLength(2);
    const first = tokenFromMail(mails[0]?.html ?? '');
    const second = tokenFromMail(mails[1]?.html ?? '');
    expect(
      (await t.call({ method: 'GET', url: `/api/advertiser/auth/password-reset-token?token=${first}` }))
        .status,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/advertiser/auth/password-reset-token?token=${second}` }))
        .status,
    ).toBe(200);
  });
});
