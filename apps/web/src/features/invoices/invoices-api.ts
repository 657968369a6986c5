import type { AccountKind, SendInvoiceBody } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api-client';

/** Every panel has its invoices under its own prefix (`/api/{panel}/invoices`). */
export type InvoicesPanel = AccountKind;

/** Under 'payments', so that every money call refreshes the invoices too (`useRefreshMoney`). */
export const invoicesKeys = {
  list: (panel: InvoicesPanel, params: RequestOptions['params']) =>
    ['payments', panel, 'invoices', 'list', params] as const,
};

/** An invoice's PDF: inline for the preview, a file with `download=1`. */
export const invoicePdfPath = (panel: InvoicesPanel, id: number) => `/${panel}/invoices/${id}/pdf`;

export function useInvoices(panel: InvoicesPanel, params: RequestOptions['params'], enabled = true) {
  return useQuery({
    queryKey: invoicesKeys.list(panel, params),
    queryFn: async () =>
      (await api.call(contract.invoices.list, { path: { panel }, query: params })).data.invoices,
    placeholderData: (previous) => previous,
    enabled,
  });
}

/** POST send: the invoice goes to the given address, or to the buyer's billing e-mail. */
export const sendInvoice = (panel: InvoicesPanel, id: number, body: SendInvoiceBody) =>
  api.call(contract.invoices.send, { path: { panel, id }, body });
