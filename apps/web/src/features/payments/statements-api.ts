import type { OrganisationKind, StatementFormat } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { paymentsKeys } from './payments-api';

/** Whose statement: the organisation's own, or (an agency) one of its advertisers'. */
export type StatementOf = 'own' | { advertiserId: number };

/** A month's statement (the Statements tab). */
export function useStatement(kind: OrganisationKind, whose: StatementOf, month: string) {
  return useQuery({
    queryKey: paymentsKeys.statement(kind, whose === 'own' ? 'own' : whose.advertiserId, month),
    queryFn: async () =>
      (whose === 'own'
        ? await api.call(contract.statements.own, { path: { panel: kind, month } })
        : await api.call(contract.statements.agencyAdvertiser, { path: { id: whose.advertiserId, month } })
      ).data.statement,
    placeholderData: keepPreviousData,
  });
}

/** The panel path of a statement's file (opened through a download link). */
export function statementFilePath(
  kind: OrganisationKind,
  whose: StatementOf,
  month: string,
  file: { format: StatementFormat; locale: 'en' | 'pl' },
): string {
  const base =
    whose === 'own'
      ? `/${kind}/statements/${month}`
      : `/agency/advertisers/${whose.advertiserId}/statements/${month}`;
  return `${base}/download?format=${file.format}&locale=${file.locale}`;
}
