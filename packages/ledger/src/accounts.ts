import type { Database } from '@rtb/db';
import type { OrganisationAccountPurpose, PlatformAccountPurpose } from '@rtb/shared';
import { shareLockCurrency } from './organisation-currency';
import {
  findOrganisationAccount,
  findPlatformAccount,
  insertOrganisationAccount,
  insertPlatformAccount,
  type LedgerAccount,
  type LedgerOwner,
} from './repository';

/** The organisation has no currency yet, so it cannot have money. */
export class NoCurrencyError extends Error {
  constructor() {
    super('The organisation has no currency.');
  }
}

/**
 * The organisation's account of this purpose, made at its first use in the organisation's
 * currency (from then on the currency cannot change).
 */
export async function organisationAccount(
  db: Database,
  owner: LedgerOwner,
  purpose: OrganisationAccountPurpose,
): Promise<LedgerAccount> {
  const existing = await findOrganisationAccount(db, owner, purpose);
  if (existing) return existing;
  const currencyId = await shareLockCurrency(db, owner);
  if (currencyId === null) throw new NoCurrencyError();
  await insertOrganisationAccount(db, owner, purpose, currencyId);
  const created = await findOrganisationAccount(db, owner, purpose);
  if (!created) throw new Error('The new ledger account disappeared.');
  return created;
}

/** The platform's counter account of this purpose in the currency, made at its first use. */
export async function platformAccount(
  db: Database,
  purpose: PlatformAccountPurpose,
  currencyId: number,
): Promise<LedgerAccount> {
  const existing = await findPlatformAccount(db, purpose, currencyId);
  if (existing) return existing;
  await insertPlatformAccount(db, purpose, currencyId);
  const created = await findPlatformAccount(db, purpose, currencyId);
  if (!created) throw new Error('The new platform account disappeared.');
  return created;
}
