import { configKeys } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { formatMoney } from '../documents/format';
import { invoiceDocument, proformaDocument } from './document';
import { invoiceNumber } from './issue-invoice';
import { renderPdf } from './pdf';
import { nextInvoiceNumber } from './repository';
import { taxedAmounts, taxTermsFor } from './tax';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('money in words and numbers', () => {
  it('formats minor units exactly, in the language of the reader', () => {
    expect(formatMoney(123_000, 'PLN')).toBe('1,230.00 PLN');
    expect(formatMoney(123_000, 'PLN', 'pl')).toBe('1230,00 PLN');
    expect(formatMoney(1_234_500, 'PLN', 'pl')).toBe('12\u00a0345,00 PLN');
    expect(formatMoney(-5, 'EUR')).toBe('-0.05 EUR');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD')).toBe('90,071,992,547,409.91 USD');
    expect(formatMoney(1500, 'JPY', 'en', 0)).toBe('1,500 JPY');
  });

  it('adds VAT rounded half up to a minor unit, in integers', () => {
    expect(taxedAmounts(100_000, '23.00')).toEqual({ net: 100_000, tax: 23_000, gross: 123_000 });
    expect(taxedAmounts(1, '23.00')).toEqual({ net: 1, tax: 0, gross: 1 });
    expect(taxedAmounts(3, '23.00')).toEqual({ net: 3, tax: 1, gross: 4 });
    expect(taxedAmounts(50, '23.00').tax).toBe(12); // 11.5 rounds up
    expect(taxedAmounts(10_001, '8.50').tax).toBe(850); // 850.085
    expect(taxedAmounts(999, '0.00')).toEqual({ net: 999, tax: 0, gross: 999 });
    expect(taxedAmounts(9_000_000_000_000, '23.00').gross).toBe(11_070_000_000_000);
  });

  it("charges the seller's VAT at home, none under reverse charge in the EU, none outside it", async () => {
    expect(await taxTermsFor(t.deps, 'PL')).toEqual({ taxPercent: '23.00', taxNote: null });
    expect(await taxTermsFor(t.deps, null)).toEqual({ taxPercent: '23.00', taxNote: null });
    expect(await taxTermsFor(t.deps, 'DE')).toEqual({ taxPercent: '0.00', taxNote: 'reverse_charge' });
    expect(await taxTermsFor(t.deps, 'US')).toEqual({ taxPercent: '0.00', taxNote: 'export' });
    expect(await taxTermsFor(t.deps, 'GB')).toEqual({ taxPercent: '0.00', taxNote: 'export' });
    await t.deps.settings.set(t.deps.db, configKeys.invoiceTaxPercent, '8.00');
    expect((await taxTermsFor(t.deps, 'PL')).taxPercent).toBe('8.00');
    await t.deps.settings.set(t.deps.db, configKeys.invoiceTaxPercent, '23.00');
  });
});

describe('invoice numbers', () => {
  it('go up by one per year, and a rolled back issue gives its number back', async () => {
    const db = t.database.db;
    expect(await db.transaction((tx) => nextInvoiceNumber(tx, 2031))).toBe(1);
    expect(await db.transaction((tx) => nextInvoiceNumber(tx, 2031))).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        expect(await nextInvoiceNumber(tx, 2031)).toBe(3);
        throw new Error('the posting failed');
      }),
    ).rejects.toThrow('the posting failed');
    expect(await db.transaction((tx) => nextInvoiceNumber(tx, 2031))).toBe(3);
    expect(await db.transaction((tx) => nextInvoiceNumber(tx, 2032))).toBe(1);
    expect(invoiceNumber(2031, 3)).toBe('INV/2031/000003');
  });
});

const seller = {
  name: 'RTB Panel sp. z o.o.',
  address: 'ul. Przykładowa 1, 00-001 Warszawa',
  taxId: 'PL0000000000',
  bankAccount: 'PL61 1090 1014 0000 0712 1981 2874',
  country: 'Poland',
};
const buyer = {
  name: 'Żółta Łódź Sp. z o.o.',
  taxId: 'DE811907980',
  address: 'Friedrichstraße 10, 10117 Berlin',
  email: 'billing@example.com',
  country: 'Germany',
  countryCode: 'DE',
};
const facts = {
  number: 'INV/2025/000042',
  issuedAt: new Date('2025-03-04T10:00:00Z'),
  seller,
  buyer,
  description: 'Prepaid advertising credit (balance top-up)',
  currencyCode: 'EUR',
  minorUnits: 2,
  net: 150_000,
  taxPercent: '0.00',
  tax: 0,
  gross: 150_000,
  taxNote: 'reverse_charge' as const,
  paymentMethod: 'online' as const,
};

describe('the documents', () => {
  it('an invoice names both parties, the amounts, how it was paid and why there is no VAT', () => {
    const document = invoiceDocument(facts);
    expect(document.title).toBe('Invoice INV/2025/000042');
    expect(document.facts).toContainEqual(['Payment', 'Paid online (card)']);
    expect(document.seller).toEqual([seller.name, seller.address, 'Poland', 'Tax ID: PL0000000000']);
    expect(document.buyer[0]).toBe('Żółta Łódź Sp. z o.o.');
    expect(document.line).toEqual({
      description: facts.description,
      net: '1,500.00',
      taxPercent: '0.00%',
      tax: '0.00',
      gross: '1,500.00',
    });
    expect(document.totals.at(-1)).toEqual(['Total', '1,500.00 EUR']);
    expect(document.notes[0]).toMatch(/^Reverse charge/);
  });

  it('a proforma says what to transfer, where and with which title, and that it is no invoice', () => {
    const document = proformaDocument({ ...facts, taxNote: null, transferTitle: 'TOP-UP/7' });
    expect(document.facts).toContainEqual(['Bank account', seller.bankAccount]);
    expect(document.facts).toContainEqual(['Transfer title', 'TOP-UP/7']);
    expect(document.notes).toContain(`To pay: 1,500.00 EUR to ${seller.bankAccount}, title "TOP-UP/7".`);
    expect(document.notes.at(-1)).toMatch(/^This is not a VAT invoice/);
  });

  it('renders a PDF with the embedded font (for ą, ł, ß...) and the same bytes each time', async () => {
    const pdf = await renderPdf(invoiceDocument(facts));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold/);
    expect((await renderPdf(invoiceDocument(facts))).equals(pdf)).toBe(true);
  });
});
