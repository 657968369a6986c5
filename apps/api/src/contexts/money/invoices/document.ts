import type { BillingSnapshot, SellerSnapshot } from '@rtb/db';
import { isBankAccountConfigured } from '@rtb/shared';
import { formatAmount, formatMoney } from '../documents/format';
import type { TaxNote } from './tax';

/** What an invoice or proforma PDF says, as text (rendering is `pdf.ts`). */
export interface PdfDocument {
  title: string;
  facts: [label: string, value: string][];
  seller: string[];
  buyer: string[];
  line: { description: string; net: string; taxPercent: string; tax: string; gross: string };
  totals: [label: string, value: string][];
  notes: string[];
  /** PDF metadata; the creation date is the document's own date, so a document renders the same each time. */
  info: { Title: string; Author: string; CreationDate: Date };
}

export interface InvoiceFacts {
  number: string;
  issuedAt: Date;
  seller: SellerSnapshot;
  buyer: BillingSnapshot;
  description: string;
  currencyCode: string;
  minorUnits: number;
  net: number;
  taxPercent: string;
  tax: number;
  gross: number;
  taxNote: TaxNote | null;
  paymentMethod: 'online' | 'bank_transfer';
}

const taxNoteText: Record<TaxNote, string> = {
  reverse_charge:
    'Reverse charge: VAT to be accounted for by the buyer (Article 196 of Council Directive 2006/112/EC).',
  export: "Services supplied outside the seller's country: not subject to VAT there.",
};

const party = (p: { name: string; address: string; taxId: string; country: string }) => [
  p.name,
  p.address,
  p.country,
  `Tax ID: ${p.taxId}`,
];

const day = (date: Date) => date.toISOString().slice(0, 10);

function amounts(
  facts: Pick<
    InvoiceFacts,
    'net' | 'tax' | 'gross' | 'taxPercent' | 'currencyCode' | 'minorUnits' | 'description'
  >,
) {
  const money = (minor: number) => formatMoney(minor, facts.currencyCode, 'en', facts.minorUnits);
  const amount = (minor: number) => formatAmount(minor, 'en', facts.minorUnits);
  return {
    line: {
      description: facts.description,
      net: amount(facts.net),
      taxPercent: `${Number(facts.taxPercent).toFixed(2)}%`,
      tax: amount(facts.tax),
      gross: amount(facts.gross),
    },
    totals: [
      ['Net', money(facts.net)],
      ['VAT', money(facts.tax)],
      ['Total', money(facts.gross)],
    ] as [string, string][],
  };
}

/** A paid invoice of a top-up. */
export function invoiceDocument(facts: InvoiceFacts): PdfDocument {
  const title = `Invoice ${facts.number}`;
  return {
    title,
    facts: [
      ['Issue date', day(facts.issuedAt)],
      ['Sale date', day(facts.issuedAt)],
      ['Payment', facts.paymentMethod === 'online' ? 'Paid online (card)' : 'Paid by bank transfer'],
      ['Currency', facts.currencyCode],
    ],
    seller: party(facts.seller),
    buyer: party(facts.buyer),
    ...amounts(facts),
    notes: [
      ...(facts.taxNote ? [taxNoteText[facts.taxNote]] : []),
      `Paid in full: ${formatMoney(facts.gross, facts.currencyCode, 'en', facts.minorUnits)}.`,
    ],
    info: { Title: title, Author: facts.seller.name, CreationDate: facts.issuedAt },
  };
}

/** The proforma of a bank-transfer top-up request: what to pay, where, with which title. */
export function proformaDocument(
  facts: Omit<InvoiceFacts, 'number' | 'paymentMethod'> & { transferTitle: string },
): PdfDocument {
  const title = `Proforma ${facts.transferTitle}`;
  const gross = formatMoney(facts.gross, facts.currencyCode, 'en', facts.minorUnits);
  // The seeded placeholder is never printed as if it were the account to pay to.
  const configured = isBankAccountConfigured(facts.seller.bankAccount);
  const account = configured ? facts.seller.bankAccount : 'to be given by the platform';
  return {
    title,
    facts: [
      ['Date', day(facts.issuedAt)],
      ['Payment', 'Bank transfer'],
      ['Currency', facts.currencyCode],
      ['Bank account', account],
      ['Transfer title', facts.transferTitle],
    ],
    seller: party(facts.seller),
    buyer: party(facts.buyer),
    ...amounts(facts),
    notes: [
      ...(facts.taxNote ? [taxNoteText[facts.taxNote]] : []),
      configured
        ? `To pay: ${gross} to ${account}, title "${facts.transferTitle}".`
        : `To pay: ${gross}, title "${facts.transferTitle}", to the bank account the platform will give.`,
      'This is not a VAT invoice: the invoice is issued once the transfer arrives and the balance is topped up.',
    ],
    info: { Title: title, Author: facts.seller.name, CreationDate: facts.issuedAt },
  };
}
