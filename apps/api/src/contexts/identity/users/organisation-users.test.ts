import { authTokens, demoAccounts } from '@rtb/db';
import { messages, organisationUserMessages } from '@rtb/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFromMail } from '../../../test/harness';
import { activate, invite, kindContext, kinds, logsOf, mailsTo } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
});
afterAll(() => t.close());

describe.each(kinds)('$kind users', (k) => {
  const entityType = `${k.kind}_user`;
  let organisationId: number;
  let roleIds: Record<string, number>;
  let demoUserId: number;
  const entry = (body: { data: Record<string, unknown> }) => body.data[k.itemKey] as Record<string, never>;
  const list = async (query: string) => {
    const res = await t.call({ method: 'GET', url: `${k.base}?${query}`, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data[k.listKey] as { elements: { email: string; id: number }[]; meta: object };
  };
  const emails = (l: { elements: { email: string }[] }) => l.elements.map((u) => u.email);
  const organisationOf = (id: number) =>
    k.kind === 'agency'
      ? { agencyId: id, agency: { id, name: k.organisationName } }
      : { advertiserId: id, advertiser: { id, name: k.organisationName, agencyId: expect.any(Number) } };
  const organisationColumns = (id: number) =>
    k.kind === 'agency' ? { agencyId: id, advertiserId: null } : { advertiserId: id };

  beforeAll(async () => {
    ({ organisationId, roleIds } = await kindContext(t, admin, k));
    demoUserId = (await list(`search=${k.demo.login}`)).elements[0]?.id as number;
  });

  describe('list and single', () => {
    beforeAll(async () => {
      await invite(t, admin, k, organisationId, {
        email: `zoe.${k.kind}@example.com`,
        firstName: 'Zoe',
        lastName: 'Zielińska',
        roleId: roleIds.viewer,
        type: 'service',
      });
      await invite(t, admin, k, organisationId, {
        email: `bart.${k.kind}@example.com`,
        firstName: 'Bart',
        lastName: 'Brzęczyszczykiewicz',
        roleId: roleIds.manager,
      });
    });

    it("lists the organisation's users with the profile of the spec and the sign-in facts", async () => {
      const { elements, meta } = await list(`${k.organisationField}=${organisationId}`);
      expect(new Set(emails({ elements }))).toEqual(
        new Set([`bart.${k.kind}@example.com`, k.demo.login, `zoe.${k.kind}@example.com`]),
      );
      // Sorted by name by default.
      const names = (elements as unknown as { firstName: string; lastName: string }[]).map((u) =>
        `${u.firstName} ${u.lastName}`.toLowerCase(),
      );
      expect(names).toEqual([...names].sort());
      expect(meta).toEqual({ page: 1, perPage: 25, total: 3, lastPage: 1 });
      expect(elements.find((u) => u.email === k.demo.login)).toEqual({
        id: demoUserId,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        updatedAt: expect.any(String),
        locale: 'en',
        user: { id: expect.any(Number), login: k.demo.login, enabled: true },
        role: { id: roleIds.admin, slug: 'admin', name: 'Administrator' },
        firstName: expect.any(String),
        lastName: expect.any(String),
        email: k.demo.login,
        phone: null,
        avatarColor: expect.stringMatching(/^#[0-9a-f]{6}$/),
        avatarInitials: expect.stringMatching(/^[A-Z]{2}$/),
        type: 'default',
        ...organisationOf(organisationId),
        lastLoginAt: null,
        emailVerified: true,
      });
      expect(elements.find((u) => u.email.startsWith('zoe'))).toMatchObject({
        type: 'service',
        emailVerified: false,
        role: { slug: 'viewer' },
      });
    });

    it('searches by name and e-mail, filters by organisation, status, type and role, sorts and pages', async () => {
      expect(emails(await list('search=zieli'))).toEqual([`zoe.${k.kind}@example.com`]);
      expect(emails(await list(`search=BART.${k.kind.toUpperCase()}@`))).toEqual([
        `bart.${k.kind}@example.com`,
      ]);
      expect(emails(await list('search=bart%20brz'))).toEqual([`bart.${k.kind}@example.com`]);
      expect(emails(await list(`${k.organisationField}=${organisationId}&type=service`))).toEqual([
        `zoe.${k.kind}@example.com`,
      ]);
      expect(
        emails(await list(`${k.organisationField}=${organisationId}&roleId=${roleIds.manager}`)),
      ).toEqual([`bart.${k.kind}@example.com`]);
      expect((await list(`${k.organisationField}=999999`)).meta).toMatchObject({ total: 0 });
      expect(emails(await list(`${k.organisationField}=${organisationId}&enabled=false`))).toEqual([]);
      expect(emails(await list(`${k.organisationField}=${organisationId}&sort=email&order=desc`))).toEqual([
        `zoe.${k.kind}@example.com`,
        `bart.${k.kind}@example.com`,
        k.demo.login,
      ]);
      // Newest first: Bart was invited after Zoe.
      const newest = `${k.organisationField}=${organisationId}&sort=createdAt&order=desc&perPage=1`;
      expect(emails(await list(`${newest}&page=1`))).toEqual([`bart.${k.kind}@example.com`]);
      expect(emails(await list(`${newest}&page=2`))).toEqual([`zoe.${k.kind}@example.com`]);
      expect((await list(`${k.organisationField}=${organisationId}&perPage=2&page=2`)).meta).toEqual({
        page: 2,
        perPage: 2,
        total: 3,
        lastPage: 2,
      });
    });

    it('refuses unknown sort fields and filters with field errors', async () => {
      const res = await t.call({
        method: 'GET',
        url: `${k.base}?sort=password&type=robot&${k.organisationField}=abc`,
        token: admin,
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors).sort()).toEqual([k.organisationField, 'sort', 'type'].sort());
    });

    it('shows one user, or 404 Not Found', async () => {
      const [zoe] = (await list('search=zoe')).elements;
      const res = await t.call({ method: 'GET', url: `${k.base}/${zoe?.id}`, token: admin });
      expect(res.status).toBe(200);
      expect(entry(res.body)).toEqual(zoe);
      const missing = await t.call({ method: 'GET', url: `${k.base}/999999`, token: admin });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Not Found', code: 404, error: 'common.not_found' });
    });
  });

  describe('inviting a user', () => {
    it('creates an unverified account without a password, mails the activation link and logs it', async () => {
      const email = `nina.${k.kind}@example.com`;
      const res = await t.call({
        method: 'POST',
        url: k.base,
        token: admin,
        payload: {
          [k.organisationField]: organisationId,
          email: ` Nina.${k.kind}@Example.com `,
          firstName: 'Nina',
          lastName: 'Nowa',
          phone: '+48 600 700 800',
          roleId: roleIds.manager,
          locale: 'pl',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const user = entry(res.body) as unknown as { id: number };
      expect(user).toMatchObject({
        email,
        locale: 'pl',
        phone: '+48 600 700 800',
        role: { id: roleIds.manager, slug: 'manager' },
        type: 'default',
        user: { enabled: true },
        emailVerified: false,
        lastLoginAt: null,
        ...organisationOf(organisationId),
      });
      const [mail] = await mailsTo(t, email, 'account-activation');
      expect(mail).toMatchObject({ locale: 'pl', status: 'pending' });
      expect(mail?.html).toContain(`http://panel.test/account/${k.kind}/activate?token=`);
      const login = await t.call({
        method: 'POST',
        url: `/api/${k.kind}/auth/token`,
        payload: { login: email, password: 'anything-at-all' },
      });
      expect(login.status).toBe(401);

      const [log] = await logsOf(t, entityType, user.id);
      expect(log).toMatchObject({
        event: 'created',
        actorAccountId: expect.any(Number),
        impersonatorAccountId: null,
        ...organisationColumns(organisationId),
        changes: {
          before: null,
          after: {
            email,
            firstName: 'Nina',
            lastName: 'Nowa',
            phone: '+48 600 700 800',
            roleId: roleIds.manager,
            type: 'default',
            locale: 'pl',
            enabled: true,
          },
        },
      });

      // Activation with a password signs them into their organisation, with the chosen role.
      const token = await activate(t, k.kind, email);
      const me = await t.call({ method: 'GET', url: `/api/${k.kind}/me`, token });
      expect(me.body.data.me).toMatchObject({ login: email, localRole: 'manager', hasSourceUser: false });
      expect(me.body.data.me[k.itemKey]).toMatchObject(organisationOf(organisationId));
    });

    it('refuses an unknown organisation, a taken address, a role of another category and an unknown language', async () => {
      const adminRole = (
        await t.call({ method: 'GET', url: '/api/admin/roles?category=admin', token: admin })
      ).body.data.roles.elements[0].id;
      const unknownOrganisation =
        k.kind === 'agency'
          ? organisationUserMessages.unknownAgency
          : organisationUserMessages.unknownAdvertiser;
      for (const [payload, errors] of [
        [
          { [k.organisationField]: 999999, email: 'free@example.com', roleId: roleIds.viewer },
          { [k.organisationField]: [unknownOrganisation] },
        ],
        [
          { email: demoAccounts.admin.login, roleId: roleIds.viewer },
          { email: [organisationUserMessages.emailTaken] },
        ],
        [
          { email: 'free@example.com', roleId: adminRole },
          { roleId: [organisationUserMessages.unknownRole] },
        ],
        [
          { email: 'free@example.com', roleId: roleIds.viewer, locale: 'xx' },
          { locale: [messages.unknownLocale] },
        ],
      ] as const) {
        const res = await t.call({
          method: 'POST',
          url: k.base,
          token: admin,
          payload: { [k.organisationField]: organisationId, firstName: 'F', lastName: 'L', ...payload },
        });
        expect(res.status).toBe(422);
        expect(res.body).toEqual({
          message: messages.validation,
          code: 422,
          error: 'validation.failed',
          errors,
          issues: expect.any(Object),
        });
      }
      expect(await mailsTo(t, 'free@example.com', 'account-activation')).toHaveLength(0);
    });

    it('validates the shape with field keys', async () => {
      const res = await t.call({
        method: 'POST',
        url: k.base,
        token: admin,
        payload: { email: 'not-an-email', firstName: ' ', phone: 'call me', roleId: 'abc', type: 'robot' },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors).sort()).toEqual(
        ['email', 'firstName', 'lastName', 'phone', 'roleId', 'type', k.organisationField].sort(),
      );
    });
  });

  describe('editing a user', () => {
    let id: number;
    beforeAll(async () => {
      id = (
        await invite(t, admin, k, organisationId, {
          email: `edit.${k.kind}@example.com`,
          firstName: 'Edek',
          lastName: 'Edytowany',
          roleId: roleIds.manager,
        })
      ).id;
    });

    it('changes names, phone, role, type and language, and logs only what changed', async () => {
      const res = await t.call({
        method: 'PUT',
        url: `${k.base}/${id}`,
        token: admin,
        payload: {
          firstName: 'Edward',
          lastName: 'Edytowany',
          phone: '+48 111 222 333',
          roleId: roleIds.viewer,
          type: 'service',
          locale: 'pl',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(entry(res.body)).toMatchObject({
        firstName: 'Edward',
        phone: '+48 111 222 333',
        role: { slug: 'viewer' },
        type: 'service',
        locale: 'pl',
        ...organisationOf(organisationId),
      });
      const logs = await logsOf(t, entityType, id);
      expect(logs.at(-1)).toMatchObject({
        event: 'updated',
        ...organisationColumns(organisationId),
        changes: {
          before: { firstName: 'Edek', phone: null, roleId: roleIds.manager, type: 'default', locale: 'en' },
          after: {
            firstName: 'Edward',
            phone: '+48 111 222 333',
            roleId: roleIds.viewer,
            type: 'service',
            locale: 'pl',
          },
        },
      });
      expect(Object.keys((logs.at(-1)?.changes as { after: object } | undefined)?.after ?? {})).toHaveLength(
        5,
      );
    });

    it('answers 404 for an unknown id and 422 for a bad role, type or language', async () => {
      const payload = {
        firstName: 'A',
        lastName: 'B',
        roleId: roleIds.viewer,
        type: 'default',
        locale: 'en',
      };
      const missing = await t.call({ method: 'PUT', url: `${k.base}/999999`, token: admin, payload });
      expect(missing.status).toBe(404);
      const bad = await t.call({
        method: 'PUT',
        url: `${k.base}/${id}`,
        token: admin,
        payload: { ...payload, roleId: 999999, locale: 'xx' },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({
        roleId: [organisationUserMessages.unknownRole],
        locale: [messages.unknownLocale],
      });
      const empty = await t.call({ method: 'PUT', url: `${k.base}/${id}`, token: admin, payload: {} });
      expect(empty.status).toBe(422);
      expect(Object.keys(empty.body.errors).sort()).toEqual([
        'firstName',
        'lastName',
        'locale',
        'roleId',
        'type',
      ]);
    });
  });

  describe('the last administrator of the organisation', () => {
    it('cannot be disabled, lose the administrator role or become a service user', async () => {
      const current = entry(
        (await t.call({ method: 'GET', url: `${k.base}/${demoUserId}`, token: admin })).body,
      ) as unknown as { firstName: string; lastName: string };
      const payload = {
        firstName: current.firstName,
        lastName: current.lastName,
        roleId: roleIds.admin,
        type: 'default',
        locale: 'en',
      };
      const disable = await t.call({
        method: 'PUT',
        url: `${k.base}/${demoUserId}/enabled`,
        token: admin,
        payload: { enabled: false },
      });
      expect(disable.status).toBe(422);
      expect(disable.body).toEqual({
        message: organisationUserMessages.lastAdmin,
        code: 422,
        error: 'organisation_users.last_admin',
        issues: expect.any(Object),
        errors: { enabled: [organisationUserMessages.lastAdmin] },
      });
      const demote = await t.call({
        method: 'PUT',
        url: `${k.base}/${demoUserId}`,
        token: admin,
        payload: { ...payload, roleId: roleIds.manager },
      });
      expect(demote.status).toBe(422);
      expect(demote.body.errors).toEqual({ roleId: [organisationUserMessages.lastAdmin] });
      const service = await t.call({
        method: 'PUT',
        url: `${k.base}/${demoUserId}`,
        token: admin,
        payload: { ...payload, type: 'service' },
      });
      expect(service.status).toBe(422);
      expect(service.body.errors).toEqual({ type: [organisationUserMessages.lastAdmin] });
      // Other edits of the last administrator are fine.
      const rename = await t.call({
        method: 'PUT',
        url: `${k.base}/${demoUserId}`,
        token: admin,
        payload: { ...payload, phone: '+48 500 600 700' },
      });
      expect(rename.status).toBe(200);

      // A service user or a disabled one with the role does not count; an enabled default one does.
      await invite(t, admin, k, organisationId, {
        email: `robot.${k.kind}@example.com`,
        roleId: roleIds.admin,
        type: 'service',
      });
      expect(
        (
          await t.call({
            method: 'PUT',
            url: `${k.base}/${demoUserId}/enabled`,
            token: admin,
            payload: { enabled: false },
          })
        ).status,
      ).toBe(422);
      const second = await invite(t, admin, k, organisationId, {
        email: `second.${k.kind}@example.com`,
        roleId: roleIds.admin,
      });
      const allowed = await t.call({
        method: 'PUT',
        url: `${k.base}/${demoUserId}/enabled`,
        token: admin,
        payload: { enabled: false },
      });
      expect(allowed.status).toBe(200);
      // Now the second one is the last.
      const refused = await t.call({
        method: 'PUT',
        url: `${k.base}/${second.id}/enabled`,
        token: admin,
        payload: { enabled: false },
      });
      expect(refused.body.errors).toEqual({ enabled: [organisationUserMessages.lastAdmin] });
      const back = await t.call({
        method: 'PUT',
        url: `${k.base}/${demoUserId}/enabled`,
        token: admin,
        payload: { enabled: true },
      });
      expect(back.status).toBe(200);
    });
  });

  describe('enabling and disabling', () => {
    it('disabling revokes every token of the user at once, enabling lets them log in again', async () => {
      const email = `dis.${k.kind}@example.com`;
      const user = await invite(t, admin, k, organisationId, { email, roleId: roleIds.manager });
      const token = await activate(t, k.kind, email);
      const other = await t.loginAs(k.kind, email, 'quiet-harbour-58');
      expect((await t.call({ method: 'GET', url: `/api/${k.kind}/me`, token })).status).toBe(200);

      const res = await t.call({
        method: 'PUT',
        url: `${k.base}/${user.id}/enabled`,
        token: admin,
        payload: { enabled: false },
      });
      expect(res.status).toBe(200);
      expect(entry(res.body)).toMatchObject({ user: { enabled: false } });
      for (const session of [token, other])
        expect((await t.call({ method: 'GET', url: `/api/${k.kind}/me`, token: session })).status).toBe(401);
      const live = await t.database.db
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.accountId, user.user.id), isNull(authTokens.revokedAt)));
      expect(live).toHaveLength(0);
      const login = await t.call({
        method: 'POST',
        url: `/api/${k.kind}/auth/token`,
        payload: { login: email, password: 'quiet-harbour-58' },
      });
      expect(login.status).toBe(401);
      expect(emails(await list(`${k.organisationField}=${organisationId}&enabled=false`))).toEqual([email]);

      const enabled = await t.call({
        method: 'PUT',
        url: `${k.base}/${user.id}/enabled`,
        token: admin,
        payload: { enabled: true },
      });
      expect(entry(enabled.body)).toMatchObject({ user: { enabled: true } });
      await t.loginAs(k.kind, email, 'quiet-harbour-58');

      const logs = (await logsOf(t, entityType, user.id)).filter((l) => l.event === 'updated');
      expect(logs.map((l) => l.changes)).toEqual([
        { before: { enabled: true }, after: { enabled: false } },
        { before: { enabled: false }, after: { enabled: true } },
      ]);
      // Setting the same state again changes nothing and logs nothing.
      await t.call({
        method: 'PUT',
        url: `${k.base}/${user.id}/enabled`,
        token: admin,
        payload: { enabled: true },
      });
      expect((await logsOf(t, entityType, user.id)).filter((l) => l.event === 'updated')).toHaveLength(2);
    });

    it('refuses a missing or malformed flag, and an unknown user', async () => {
      const bad = await t.call({
        method: 'PUT',
        url: `${k.base}/${demoUserId}/enabled`,
        token: admin,
        payload: { enabled: 'no' },
      });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors)).toEqual(['enabled']);
      const missing = await t.call({
        method: 'PUT',
        url: `${k.base}/999999/enabled`,
        token: admin,
        payload: { enabled: false },
      });
      expect(missing.status).toBe(404);
    });
  });

  describe('activation and password-reset e-mails', () => {
    it('resends the activation e-mail (the older link stops working) until the user is verified', async () => {
      const email = `late.${k.kind}@example.com`;
      const user = await invite(t, admin, k, organisationId, { email, roleId: roleIds.viewer });
      const [first] = await mailsTo(t, email, 'account-activation');
      const res = await t.call({
        method: 'POST',
        url: `${k.base}/${user.id}/activation-email`,
        token: admin,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { status: 'activation_sent' } });
      expect(await mailsTo(t, email, 'account-activation')).toHaveLength(2);
      const old = await t.call({
        method: 'POST',
        url: `/api/${k.kind}/auth/activate`,
        payload: {
          token: tokenFromMail(first?.html ?? ''),
          password: 'quiet-harbour-58',
          passwordConfirmation: 'quiet-harbour-58',
        },
      });
      expect(old.status).toBe(422);
      await activate(t, k.kind, email);

      const again = await t.call({
        method: 'POST',
        url: `${k.base}/${user.id}/activation-email`,
        token: admin,
      });
      expect(again.status).toBe(422);
      expect(again.body.message).toBe(organisationUserMessages.alreadyVerified);
      expect((await logsOf(t, entityType, user.id)).at(-1)?.changes).toMatchObject({
        before: { activationEmailSentAt: null },
        after: { activationEmailSentAt: expect.any(String) },
      });
      const missing = await t.call({
        method: 'POST',
        url: `${k.base}/999999/activation-email`,
        token: admin,
      });
      expect(missing.status).toBe(404);
    });

    it('starts a password reset: the user gets the mail and chooses the password', async () => {
      const email = `forgot.${k.kind}@example.com`;
      const user = await invite(t, admin, k, organisationId, { email, roleId: roleIds.viewer });
      await activate(t, k.kind, email);
      const res = await t.call({ method: 'POST', url: `${k.base}/${user.id}/password`, token: admin });
      expect(res.status).toBe(200);
      expect(res.body.data.userPasswordReset).toEqual({ email, validMinutes: expect.any(Number) });
      expect(JSON.stringify(res.body)).not.toMatch(/token/i);
      const [mail] = await mailsTo(t, email, 'password-reset');
      expect(mail?.html).toContain(`http://panel.test/account/${k.kind}/password-change?token=`);
      const set = await t.call({
        method: 'POST',
        url: `/api/${k.kind}/auth/password`,
        payload: {
          token: tokenFromMail(mail?.html ?? ''),
          password: 'fresh-meadow-31',
          passwordConfirmation: 'fresh-meadow-31',
        },
      });
      expect(set.status).toBe(200);
      await t.loginAs(k.kind, email, 'fresh-meadow-31');
      const [log] = (await logsOf(t, entityType, user.id)).slice(-1);
      expect(log?.changes).toMatchObject({ after: { resetEmailSentAt: expect.any(String) } });
      expect(JSON.stringify(log?.changes)).not.toMatch(/fresh-meadow/i);
      const missing = await t.call({ method: 'POST', url: `${k.base}/999999/password`, token: admin });
      expect(missing.status).toBe(404);
    });

    it('refuses both e-mails for a disabled user', async () => {
      const email = `off.${k.kind}@example.com`;
      const user = await invite(t, admin, k, organisationId, { email, roleId: roleIds.viewer });
      await t.call({
        method: 'PUT',
        url: `${k.base}/${user.id}/enabled`,
        token: admin,
        payload: { enabled: false },
      });
      for (const action of ['activation-email', 'password']) {
        const res = await t.call({ method: 'POST', url: `${k.base}/${user.id}/${action}`, token: admin });
        expect(res.status).toBe(422);
        expect(res.body.message).toBe(organisationUserMessages.accountDisabled);
      }
      expect(await mailsTo(t, email, 'password-reset')).toHaveLength(0);
      expect(await mailsTo(t, email, 'account-activation')).toHaveLength(1);
    });
  });
});
