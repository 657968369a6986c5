import type { BillingSnapshot } from '@rtb/db';
import type { LedgerOwner } from '@rtb/ledger';
import type { AppDeps } from '../../../core/deps';
import { ownerColumns } from '../payments/organisation-money';
import { insertInvoice, nextInvoiceNumber } from './repository';
import { sellerSnapshot } from './seller';
import type { TaxNote } from './tax';

/** What a paid top-up's invoice says besides its amount: tax terms, buyer, how it was paid. */
export interface InvoiceTerms {
  taxPercent: string;
  tax: number;
  gross: number;
  taxNote: TaxNote | null;
  buyer: BillingSnapshot;
  paymentMethod: 'online' | 'bank_transfer';
}

export interface InvoiceInput extends InvoiceTerms {
  owner: LedgerOwner;
  ledgerTransactionId: number;
  currencyId: number;
  net: number;
}

export const TOP_UP_DESCRIPTION = 'Prepaid advertising credit (balance top-up)';

/** `INV/2025/000042` */
export const invoiceNumber = (year: number, sequence: number) =>
  `INV/${year}/${String(sequence).padStart(6, '0')}`;

/**
 * Issues the invoice of a paid top-up, numbered next in the current (UTC) year, with the
 * seller as the config values say now. Call it inside the transaction that credits the money:
 * the year's counter stays locked until that transaction ends, and a rollback returns the number.
 */
export async function issueInvoice(
  deps: AppDeps,
  input: InvoiceInput,
): Promise<{ id: number; number: string }> {
  const issuedAt = new Date();
  const year = issuedAt.getUTCFullYear();
  const sequence = await nextInvoiceNumber(deps.db, year);
  const number = invoiceNumber(year, sequence);
  const id = await insertInvoice(deps.db, {
    number,
    year,
    sequence,
    ...ownerColumns(input.owner),
    currencyId: input.currencyId,
    net: input.net,
    taxPercent: input.taxPercent,
    tax: input.tax,
    gross: input.gross,
    taxNote: input.taxNote,
    seller: await sellerSnapshot(deps),
    buyer: input.buyer,
    description: TOP_UP_DESCRIPTION,
    paymentMethod: input.paymentMethod,
    ledgerTransactionId: input.ledgerTransactionId,
    issuedAt,
  });
  return { id, number };
}
