import type { CurrencyRef } from '@rtb/shared';
import type { QueryClient } from '@tanstack/react-query';
import { advertisersKeys, agenciesKeys } from '../organisations';
import { paymentsKeys } from './payments-api';

/** The agency or advertiser whose money the admin changes, as its detail page has it. */
export interface MoneyOrganisation {
  kind: 'agency' | 'advertiser';
  id: number;
  name: string;
  currency: CurrencyRef | null;
  creditLimit: number;
  useCreditLimit: boolean;
}

/** After a money change: the organisation's balance and credit, and every money list (payments pages). */
export function refreshOrganisationMoney(client: QueryClient, organisation: MoneyOrganisation) {
  return Promise.all([
    client.invalidateQueries({
      queryKey:
        organisation.kind === 'agency'
          ? agenciesKeys.detail(organisation.id)
          : advertisersKeys.detail('admin', organisation.id),
    }),
    client.invalidateQueries({ queryKey: paymentsKeys.all }),
  ]);
}
