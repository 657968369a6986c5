import { activityLogs, advertisers, agencies } from '@rtb/db';
import { messages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFromMail } from '../../../test/harness';

let t: TestApp;
let countryId: number;
let currencyId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  countryId = await t.referenceId('countries', 'PL');
  currencyId = await t.referenceId('currencies', 'PLN');
});
afterAll(() => t.close());

const agencyForm = (email: string) => ({
  name: 'Nowa Agencja',
  countryId,
  currencyId,
  firstName: 'Ewa',
  lastName: 'Nowak',
  phone: '+48 600 100 200',
  email,
  password: 'lantern-parsley-42',
  passwordConfirmation: 'lantern-parsley-42',
  locale: 'pl',
});

const mailsTo = async (address: string) => (await t.outbox()).filter((m) => m.toAddress === address);

describe('agency registration', () => {
  const email = 'ewa@nowa-agencja.example.com';

  it('creates the agency and an unverified admin user, and mails the activation link in their locale', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/agency/auth/register',
      payload: agencyForm(email),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { status: 'verification_sent' } });
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ templateKey: 'account-activation', locale: 'pl', status: 'pending' });
    expect(mail?.subject).toContain('Aktywuj');
    expect(mail?.html).toContain('http://panel.test/account/agency/activate?token=');
    const [agency] = await t.database.db.select().from(agencies).where(eq(agencies.name, 'Nowa Agencja'));
    expect(agency).toMatchObject({
      countryId,
      currencyId,
      phone: '+48 600 100 200',
      statusVerification: 'unverified',
    });
  });

  it('refuses login until the e-mail is verified, and tells the account id so the mail can be resent', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/agency/auth/token',
      payload: { login: email, password: 'lantern-parsley-42' },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your email address is not verified.');
    expect(res.body.accountId).toEqual(expect.any(Number));

    const resend = await t.call({
      method: 'POST',
      url: `/api/user/auth/resend-verification-email/${res.body.accountId}`,
    });
    expect(resend.status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    // The first link stopped working when the second was sent.
    const stale = await t.call({
      method: 'POST',
      url: '/api/agency/auth/activate',
      payload: { token: tokenFromMail(mails[0]?.html ?? '') },
    });
    expect(stale.status).toBe(422);
    expect(stale.body.errors.token).toEqual([messages.invalidOrExpiredToken]);
  });

  it('activates through the mailed link: me and a working token; then login works; logout kills the token', async () => {
    const mails = await mailsTo(email);
    const token = tokenFromMail(mails.at(-1)?.html ?? '');
    const res = await t.call({ method: 'POST', url: '/api/agency/auth/activate', payload: { token } });
    expect(res.status).toBe(200);
    expect(res.body.data.me).toMatchObject({
      login: email,
      role: 'agency',
      localRole: 'admin',
      emailVerified: true,
      locale: 'pl',
      agencyUser: { firstName: 'Ewa', lastName: 'Nowak', type: 'default', agency: { name: 'Nowa Agencja' } },
    });
    const again = await t.call({ method: 'POST', url: '/api/agency/auth/activate', payload: { token } });
    expect(again.status).toBe(422);

    const authToken = await t.loginAs('agency', email, 'lantern-parsley-42');
    expect(
      (await t.call({ method: 'GET', url: '/api/agency/me', token: authToken })).body.data.me.login,
    ).toBe(email);
    await t.call({ method: 'DELETE', url: '/api/agency/auth/token', token: authToken });
    expect((await t.call({ method: 'GET', url: '/api/agency/me', token: authToken })).status).toBe(401);
  });

  it('answers an address that already has an account exactly as a new one, creating nothing', async () => {
    const before = await t.database.db.select().from(agencies);
    const res = await t.call({
      method: 'POST',
      url: '/api/agency/auth/register',
      payload: { ...agencyForm('agency@example.com'), name: 'Copycat Agency' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { status: 'verification_sent' } });
    expect(await t.database.db.select().from(agencies)).toHaveLength(before.length);
    const [mail] = await mailsTo('agency@example.com');
    expect(mail?.templateKey).toBe('account-exists');
  });

  it('writes activity-log rows for the organisation and the user, without the password hash', async () => {
    const rows = await t.database.db.select().from(activityLogs).where(eq(activityLogs.event, 'created'));
    const types = rows.map((r) => r.entityType);
    expect(types).toEqual(expect.arrayContaining(['agency', 'agency_user']));
    expect(JSON.stringify(rows)).not.toContain('argon2');
  });
});

describe('advertiser registration', () => {
  const form = (email: string) => ({
    ...agencyForm(email),
    name: 'Sklep Rowerowy',
    websiteUrl: 'https://rowery.example.com',
    locale: undefined,
  });

  it('creates the advertiser with a unique code, the default commission and its website', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/advertiser/auth/register',
      payload: form('jan@rowery.example.com'),
    });
    expect(res.status).toBe(201);
    const [advertiser] = await t.database.db
      .select()
      .from(advertisers)
      .where(eq(advertisers.name, 'Sklep Rowerowy'));
    expect(advertiser).toMatchObject({
      agencyId: null,
      websiteUrl: 'https://rowery.example.com',
      websiteLocales: ['en'],
      commissionPercent: '15.00',
    });
    expect(advertiser?.code).toMatch(/^SKLEP-ROWEROWY-[0-9A-F]{4}$/);
    const [mail] = await mailsTo('jan@rowery.example.com');
    expect(mail?.html).toContain('/account/advertiser/activate?token=');
    expect(mail?.locale).toBe('en');
  });

  it('gives field errors for what is wrong', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/advertiser/auth/register',
      payload: {
        ...form('x@example.com'),
        websiteUrl: 'nope',
        passwordConfirmation: 'other',
        email: 'not-an-email',
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'passwordConfirmation', 'websiteUrl']);
    const mismatch = await t.call({
      method: 'POST',
      url: '/api/advertiser/auth/register',
      payload: { ...form('x@example.com'), passwordConfirmation: 'other' },
    });
    expect(mismatch.body.errors).toEqual({ passwordConfirmation: [messages.passwordsDoNotMatch] });
  });

  it('refuses unknown or disabled countries and currencies, and common passwords', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/advertiser/auth/register',
      payload: { ...form('y@example.com'), countryId: 99999, currencyId: 99999 },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      countryId: [messages.unknownCountry],
      currencyId: [messages.unknownCurrency],
    });
    const common = await t.call({
      method: 'POST',
      url: '/api/advertiser/auth/register',
      payload: { ...form('y@example.com'), password: 'password1', passwordConfirmation: 'password1' },
    });
    expect(common.status).toBe(422);
    expect(common.body.errors).toEqual({ password: [messages.passwordTooCommon] });
    expect(await mailsTo('y@example.com')).toHaveLength(0);
  });

  it('wakes the mail worker once the registration is committed, and not for a login', async () => {
    let wakes = 0;
    const own = await createTestApp({ demo: true, deps: { mailQueued: () => wakes++ } });
    try {
      const payload = { ...form('wake@example.com'), countryId, currencyId };
      expect((await own.call({ method: 'POST', url: '/api/advertiser/auth/register', payload })).status).toBe(
        201,
      );
      expect(wakes).toBe(1);
      await own.loginAs('advertiser', 'solo@example.com', 'demo-advertiser-2');
      expect(wakes).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('registers an address once when the same sign-up is sent twice at the same moment', async () => {
    const payload = form('twice@example.com');
    const answers = await Promise.all([
      t.call({ method: 'POST', url: '/api/advertiser/auth/register', payload }),
      t.call({ method: 'POST', url: '/api/advertiser/auth/register', payload }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const created = await t.database.db
      .select()
      .from(advertisers)
      .where(eq(advertisers.name, 'Sklep Rowerowy'));
    expect(created).toHaveLength(2); // the earlier test's and one of these two
  });
});
