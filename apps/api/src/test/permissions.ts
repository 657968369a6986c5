import { demoAccounts } from '@rtb/db';
import { messages } from '@rtb/shared';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { type TestApp, tokenFromMail } from './harness';

/** A request of a permission matrix: method, URL and, for writes, a valid payload. */
export type RouteCall = Pick<InjectOptions, 'method' | 'url' | 'payload'>;

export interface RouteMatrix {
  reads: RouteCall[];
  writes: RouteCall[];
}

const label = (route: RouteCall) => `${route.method} ${route.url}`;

/**
 * Invites an admin user with the seeded role `roleSlug` through the API and activates them
 * from the mail; returns their token and admin-user id.
 */
export async function signedInAdmin(t: TestApp, admin: string, email: string, roleSlug: string) {
  const roles = await t.call({ method: 'GET', url: '/api/admin/roles?category=admin', token: admin });
  const role = roles.body.data.roles.elements.find((r: { slug: string }) => r.slug === roleSlug);
  const created = await t.call({
    method: 'POST',
    url: '/api/admin/admin-users',
    token: admin,
    payload: { email, firstName: 'Vera', lastName: 'Viewer', roleId: role.id },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const mail = (await t.outbox()).findLast(
    (m) => m.toAddress === email && m.templateKey === 'account-activation',
  );
  const res = await t.call({
    method: 'POST',
    url: '/api/admin/auth/activate',
    payload: {
      token: tokenFromMail(mail?.html ?? ''),
      password: 'amber-lantern-93',
      passwordConfirmation: 'amber-lantern-93',
    },
  });
  expect(res.status).toBe(200);
  return { token: res.body.data.authToken as string, id: created.body.data.adminUser.id as number };
}

/** Every read answers 200 to the token, every write 403 with the spec's text. */
export async function expectReadOnly(t: TestApp, token: string, { reads, writes }: RouteMatrix) {
  for (const route of reads) {
    const res = await t.call({ ...route, token });
    expect(res.status, label(route)).toBe(200);
  }
  for (const route of writes) {
    const res = await t.call({ ...route, token });
    expect(res.status, label(route)).toBe(403);
    expect(res.body).toEqual({ message: messages.forbidden, code: 403, error: 'common.forbidden' });
  }
}

/** Admin routes: the demo agency and advertiser users get 403 on every one, and no token 401. */
export async function expectAdminOnly(t: TestApp, { reads, writes }: RouteMatrix) {
  const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  const advertiser = await t.loginAs(
    'advertiser',
    demoAccounts.advertiser.login,
    demoAccounts.advertiser.password,
  );
  for (const route of [...reads, ...writes]) {
    for (const token of [agency, advertiser]) {
      const res = await t.call({ ...route, token });
      expect(res.status, label(route)).toBe(403);
      expect(res.body.message).toBe(messages.forbidden);
    }
    expect((await t.call(route)).status, label(route)).toBe(401);
  }
}
