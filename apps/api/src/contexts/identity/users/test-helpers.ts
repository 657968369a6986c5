import { activityLogs, advertisers, agencies, demoAccounts } from '@rtb/db';
import type { AccountKind, OrganisationKind } from '@rtb/shared';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type TestApp, tokenFromMail } from '../../../test/harness';

/** What the tests of each kind need to know about its routes and its demo organisation. */
export const kinds = [
  {
    kind: 'agency',
    base: '/api/admin/agency-users',
    organisations: '/api/admin/agencies',
    listKey: 'agencyUsers',
    itemKey: 'agencyUser',
    organisationField: 'agencyId',
    organisationName: 'Demo Agency',
    demo: demoAccounts.agency,
  },
  {
    kind: 'advertiser',
    base: '/api/admin/advertiser-users',
    organisations: '/api/admin/advertisers',
    listKey: 'advertiserUsers',
    itemKey: 'advertiserUser',
    organisationField: 'advertiserId',
    organisationName: 'Demo Shop',
    demo: demoAccounts.advertiser,
  },
] as const satisfies readonly ({ kind: OrganisationKind } & Record<string, unknown>)[];
export type KindCase = (typeof kinds)[number];

/** The ids of the roles of a kind of user, by slug. */
export async function roleIdsOf(
  t: TestApp,
  admin: string,
  kind: AccountKind,
): Promise<Record<string, number>> {
  const roles = await t.call({ method: 'GET', url: `/api/admin/roles?category=${kind}`, token: admin });
  return Object.fromEntries(
    roles.body.data.roles.elements.map((r: { slug: string; id: number }) => [r.slug, r.id]),
  );
}

/** The ids of the test app's demo organisation and the roles of the kind, by slug. */
export async function kindContext(t: TestApp, admin: string, k: KindCase) {
  const table = k.kind === 'agency' ? agencies : advertisers;
  const [organisation] = await t.database.db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.name, k.organisationName));
  return { organisationId: organisation?.id as number, roleIds: await roleIdsOf(t, admin, k.kind) };
}

/** Invites a user into the organisation through the API; returns the created entry. */
export async function invite(
  t: TestApp,
  admin: string,
  k: KindCase,
  organisationId: number,
  payload: Record<string, unknown>,
) {
  const res = await t.call({
    method: 'POST',
    url: k.base,
    token: admin,
    payload: { [k.organisationField]: organisationId, firstName: 'Ida', lastName: 'Invited', ...payload },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data[k.itemKey] as { id: number; user: { id: number }; email: string };
}

/** Follows the latest activation mail to the address with a password; returns the session token. */
export async function activate(t: TestApp, kind: AccountKind, email: string, password = 'quiet-harbour-58') {
  const mail = (await t.outbox()).findLast(
    (m) => m.toAddress === email && m.templateKey === 'account-activation',
  );
  const res = await t.call({
    method: 'POST',
    url: `/api/${kind}/auth/activate`,
    payload: { token: tokenFromMail(mail?.html ?? ''), password, passwordConfirmation: password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.authToken as string;
}

export const mailsTo = async (t: TestApp, address: string, templateKey: string) =>
  (await t.outbox()).filter((m) => m.toAddress === address && m.templateKey === templateKey);

/** The activity-log rows of one entity, oldest first. */
export const logsOf = (t: TestApp, entityType: string, entityId: number) =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityType, entityType), eq(activityLogs.entityId, String(entityId))))
    .orderBy(asc(activityLogs.id));

/** A new agency, or an advertiser (under `agencyId` when given), added through the admin API. */
export async function newOrganisation(
  t: TestApp,
  admin: string,
  kind: OrganisationKind,
  payload: Record<string, unknown>,
): Promise<number> {
  const res = await t.call({
    method: 'POST',
    url: kind === 'agency' ? '/api/admin/agencies' : '/api/admin/advertisers',
    token: admin,
    payload,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data[kind].id as number;
}

/**
 * A user of the organisation with the role of that slug, invited through the admin API and
 * activated; their profile id, account id and session token.
 */
export async function activatedUser(
  t: TestApp,
  admin: string,
  kind: OrganisationKind,
  organisationId: number,
  user: { email: string; role?: string; type?: 'default' | 'service' },
): Promise<{ id: number; accountId: number; token: string }> {
  const k = kinds.find((c) => c.kind === kind) as KindCase;
  const { roleIds } = await kindContext(t, admin, k);
  const roleId = roleIds[user.role ?? 'admin'];
  if (roleId === undefined) throw new Error(`no ${kind} role ${user.role}`);
  const created = await invite(t, admin, k, organisationId, {
    email: user.email,
    roleId,
    type: user.type ?? 'default',
  });
  return { id: created.id, accountId: created.user.id, token: await activate(t, kind, user.email) };
}

/**
 * The demo organisations' ids (Demo Agency with Demo Shop, the independent Solo Store) and
 * another agency with an advertiser of its own, added through the admin API: the organisations
 * the isolation tests keep apart.
 */
export async function demoAndOtherOrganisations(t: TestApp, admin: string) {
  const idOf = async (table: typeof agencies | typeof advertisers, name: string) =>
    (await t.database.db.select({ id: table.id }).from(table).where(eq(table.name, name)))[0]?.id as number;
  const otherAgency = await newOrganisation(t, admin, 'agency', { name: 'Other Agency' });
  const otherShop = await newOrganisation(t, admin, 'advertiser', {
    name: 'Other Shop',
    agencyId: otherAgency,
  });
  return {
    demoAgency: await idOf(agencies, 'Demo Agency'),
    demoShop: await idOf(advertisers, 'Demo Shop'),
    solo: await idOf(advertisers, 'Solo Store'),
    otherAgency,
    otherShop,
  };
}

/** A user's entry in the admin's list of agency or advertiser users, found by their login. */
export async function userEntryOf(t: TestApp, admin: string, kind: OrganisationKind, login: string) {
  const k = kinds.find((c) => c.kind === kind) as KindCase;
  const res = await t.call({
    method: 'GET',
    url: `${k.base}?search=${encodeURIComponent(login)}`,
    token: admin,
  });
  return res.body.data[k.listKey].elements[0] as { id: number; user: { id: number } };
}
