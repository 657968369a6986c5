import type { SellerSnapshot } from '@rtb/db';
import { configKeys } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { findCountryByCode } from '../../platform';

async function countryName(deps: AppDeps, code: string): Promise<string> {
  return (await findCountryByCode(deps.db, code))?.name ?? code;
}

/** The seller as the config values say now (invoices keep a copy). */
export async function sellerSnapshot(deps: AppDeps): Promise<SellerSnapshot> {
  const value = async (key: (typeof configKeys)[keyof typeof configKeys]) =>
    String(await deps.settings.get(deps.db, key));
  return {
    name: await value(configKeys.sellerName),
    address: await value(configKeys.sellerAddress),
    taxId: await value(configKeys.sellerTaxId),
    bankAccount: await value(configKeys.sellerBankAccount),
    country: await countryName(deps, await value(configKeys.sellerCountry)),
  };
}
