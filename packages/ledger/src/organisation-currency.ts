import { advertisers, agencies, type Database } from '@rtb/db';
import { eq } from 'drizzle-orm';

/**
 * The organisation's currency, with its row share-locked until the transaction ends: a
 * concurrent change of the currency (which locks the row for update) waits, and then sees
 * what this transaction wrote (its first ledger account fixes the currency).
 */
export async function shareLockCurrency(
  db: Database,
  owner: { agencyId: number } | { advertiserId: number },
): Promise<number | null> {
  const table = 'agencyId' in owner ? agencies : advertisers;
  const id = 'agencyId' in owner ? owner.agencyId : owner.advertiserId;
  const [row] = await db
    .select({ currencyId: table.currencyId })
    .from(table)
    .where(eq(table.id, id))
    .for('share');
  return row?.currencyId ?? null;
}
