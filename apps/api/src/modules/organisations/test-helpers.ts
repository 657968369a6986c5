import { activityLogs, ledgerAccounts, ledgerEntries } from '@rtb/db';
import type { LedgerAccountPurpose } from '@rtb/shared';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type TestApp, tokenFromMail } from '../../test/harness';

/** Invites an admin user with the role through the API and activates them; returns their token. */
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
  return res.body.data.authToken as string;
}

/**
 * Money movements written straight into the ledger (postings come with the payments feature):
 * an account of the organisation with the purpose, holding these entries.
 */
export async function postEntries(
  t: TestApp,
  owner: { agencyId: number } | { advertiserId: number },
  purpose: LedgerAccountPurpose,
  currencyId: number,
  amounts: number[],
): Promise<void> {
  const [account] = await t.database.db
    .insert(ledgerAccounts)
    .values({ ...owner, purpose, currencyId })
    .returning({ id: ledgerAccounts.id });
  if (!account) throw new Error('no ledger account');
  if (amounts.length)
    await t.database.db
      .insert(ledgerEntries)
      .values(amounts.map((amount) => ({ ledgerAccountId: account.id, amount })));
}

/** The activity-log rows of one entity, oldest first. */
export function activityOf(t: TestApp, entityType: string, entityId: number) {
  return t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityType, entityType), eq(activityLogs.entityId, String(entityId))))
    .orderBy(asc(activityLogs.id));
}
