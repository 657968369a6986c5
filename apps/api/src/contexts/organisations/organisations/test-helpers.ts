import { activityLogs } from '@rtb/db';
import {
  findOrganisationAccount,
  insertOrganisationAccount,
  insertTransaction,
  platformAccount,
  postEntries as postLedgerEntries,
} from '@rtb/ledger';
import type { OrganisationAccountPurpose } from '@rtb/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';

/**
 * Money movements posted straight to the ledger (test set-up, without the payments rules): an
 * account of the organisation with the purpose, in the currency, moved by a correction per
 * amount against the platform's adjustment account, with no floor.
 */
export async function postEntries(
  t: TestApp,
  owner: { agencyId: number } | { advertiserId: number },
  purpose: OrganisationAccountPurpose,
  currencyId: number,
  amounts: number[],
): Promise<void> {
  const ledgerOwner =
    'advertiserId' in owner ? { advertiserId: owner.advertiserId } : { agencyId: owner.agencyId };
  await t.database.db.transaction(async (db) => {
    await insertOrganisationAccount(db, ledgerOwner, purpose, currencyId);
    const account = await findOrganisationAccount(db, ledgerOwner, purpose);
    if (!account) throw new Error('no ledger account');
    const counter = await platformAccount(db, 'platform_adjustment', currencyId);
    for (const amount of amounts) {
      const id = await insertTransaction(db, {
        type: 'correction',
        ...ledgerOwner,
        currencyId,
        reason: 'test set-up',
      });
      await postLedgerEntries(db, id as number, [
        { account, amount, minBalance: null },
        { account: counter, amount: -amount, minBalance: null },
      ]);
    }
  });
}

/** The activity-log rows of one entity, oldest first. */
export function activityOf(t: TestApp, entityType: string, entityId: number) {
  return t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityType, entityType), eq(activityLogs.entityId, String(entityId))))
    .orderBy(asc(activityLogs.id));
}
