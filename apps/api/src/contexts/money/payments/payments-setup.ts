import { configKeys, isBankAccountConfigured, type PaymentsSetupDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { findConfigValueId } from '../../platform';

/** Admin: whether the seller's bank account is a real one, and the config value that sets it. */
export async function paymentsSetup(deps: AppDeps): Promise<PaymentsSetupDto> {
  const account = String(await deps.settings.get(deps.db, configKeys.sellerBankAccount));
  return {
    bankAccountConfigured: isBankAccountConfigured(account),
    bankAccountConfigValueId: await findConfigValueId(deps.db, configKeys.sellerBankAccount),
  };
}
