import type { LedgerTransactionType, OrganisationAccountPurpose } from '@rtb/shared';

/** What a statement's files say, in the user's language (the panels' words for the same things). */
export interface StatementTexts {
  /** The document's title, of the month's name. */
  title: (month: string) => string;
  toDate: string;
  organisation: string;
  period: string;
  currency: string;
  timeZone: string;
  madeAt: string;
  accounts: Record<OrganisationAccountPurpose, string>;
  types: Record<LedgerTransactionType, string>;
  commission: string;
  invoice: string;
  postings: (count: number) => string;
  columns: {
    account: string;
    date: string;
    operation: string;
    description: string;
    postings: string;
    amount: string;
    balance: string;
  };
  opening: string;
  closing: string;
  credits: string;
  debits: string;
  totals: string;
  noLines: string;
  check: string;
  months: string[];
}

const en: StatementTexts = {
  title: (month) => `Statement for ${month}`,
  toDate: 'to date',
  organisation: 'Organisation',
  period: 'Period',
  currency: 'Currency',
  timeZone: 'Time zone',
  madeAt: 'Made at',
  accounts: {
    balance: 'Own balance',
    agency_balance: 'Funded by the agency',
    commission: 'Commission earned',
  },
  types: {
    manual_top_up: 'Manual top-up',
    online_top_up: 'Online top-up',
    bank_transfer_top_up: 'Bank transfer top-up',
    correction: 'Correction',
    refund: 'Refund',
    transfer: 'Transfer',
    spend: 'Campaign spend',
    credit_limit_change: 'Credit limit change',
  },
  commission: 'Commission credit',
  invoice: 'invoice',
  postings: (count) => (count === 1 ? '1 posting' : `${count} postings`),
  columns: {
    account: 'Account',
    date: 'Date',
    operation: 'Operation',
    description: 'Description',
    postings: 'Postings',
    amount: 'Amount',
    balance: 'Balance',
  },
  opening: 'Opening balance',
  closing: 'Closing balance',
  credits: 'Money in',
  debits: 'Money out',
  totals: 'Totals by operation',
  noLines: 'No movements in this period.',
  check: 'Opening balance plus the lines equals the closing balance, as the ledger holds it.',
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** Polish plural of "księgowanie" (1 księgowanie, 2-4 księgowania, 5+ księgowań; 12-14 księgowań). */
function polishPostings(count: number): string {
  if (count === 1) return '1 księgowanie';
  const tens = count % 100;
  const units = count % 10;
  const few = units >= 2 && units <= 4 && (tens < 12 || tens > 14);
  return `${count} ${few ? 'księgowania' : 'księgowań'}`;
}

const pl: StatementTexts = {
  title: (month) => `Wyciąg za ${month}`,
  toDate: 'do dziś',
  organisation: 'Organizacja',
  period: 'Okres',
  currency: 'Waluta',
  timeZone: 'Strefa czasowa',
  madeAt: 'Sporządzono',
  accounts: { balance: 'Saldo własne', agency_balance: 'Finansowane przez agencję', commission: 'Prowizja' },
  types: {
    manual_top_up: 'Doładowanie ręczne',
    online_top_up: 'Doładowanie online',
    bank_transfer_top_up: 'Doładowanie przelewem',
    correction: 'Korekta',
    refund: 'Zwrot',
    transfer: 'Przeniesienie środków',
    spend: 'Wydatki kampanii',
    credit_limit_change: 'Zmiana limitu kredytowego',
  },
  commission: 'Naliczenie prowizji',
  invoice: 'faktura',
  postings: polishPostings,
  columns: {
    account: 'Rachunek',
    date: 'Data',
    operation: 'Operacja',
    description: 'Opis',
    postings: 'Księgowania',
    amount: 'Kwota',
    balance: 'Saldo',
  },
  opening: 'Saldo początkowe',
  closing: 'Saldo końcowe',
  credits: 'Wpływy',
  debits: 'Wydatki',
  totals: 'Sumy według operacji',
  noLines: 'Brak operacji w tym okresie.',
  check: 'Saldo początkowe powiększone o operacje równa się saldu końcowemu zapisanemu w księdze.',
  months: [
    'styczeń',
    'luty',
    'marzec',
    'kwiecień',
    'maj',
    'czerwiec',
    'lipiec',
    'sierpień',
    'wrzesień',
    'październik',
    'listopad',
    'grudzień',
  ],
};

export const statementTexts: Record<'en' | 'pl', StatementTexts> = { en, pl };

/** `May 2026` / `maj 2026`. */
export const monthName = (texts: StatementTexts, month: string) => {
  const [year, number] = month.split('-');
  return `${texts.months[Number(number) - 1] ?? number} ${year}`;
};
