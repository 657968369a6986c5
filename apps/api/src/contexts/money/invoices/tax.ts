import { configKeys, toMinorUnits } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { findCountryByCode } from '../../platform';

/** Why a top-up carries no VAT: a business elsewhere in the EU pays it itself, or the buyer is outside it. */
export type TaxNote = 'reverse_charge' | 'export';

export interface TaxTerms {
  /** Percent with 2 decimals, as stored ('23.00'). */
  taxPercent: string;
  taxNote: TaxNote | null;
}

/**
 * The VAT of a top-up bought by an organisation in `buyerCountry`: the configured percent in
 * the seller's own country (and when the buyer's country is not known), none under reverse
 * charge for a buyer elsewhere in the EU, and none for a buyer outside it. Buyers are
 * businesses (billing data need a tax id).
 */
export async function taxTermsFor(deps: AppDeps, buyerCountry: string | null): Promise<TaxTerms> {
  const sellerCountry = String(await deps.settings.get(deps.db, configKeys.sellerCountry));
  if (!buyerCountry || buyerCountry === sellerCountry) {
    const percent = String(await deps.settings.get(deps.db, configKeys.invoiceTaxPercent));
    return { taxPercent: Number(percent).toFixed(2), taxNote: null };
  }
  const seller = await findCountryByCode(deps.db, sellerCountry);
  const buyer = await findCountryByCode(deps.db, buyerCountry);
  return { taxPercent: '0.00', taxNote: seller?.eu && buyer?.eu ? 'reverse_charge' : 'export' };
}

/** Net, tax (rounded half up to a minor unit) and gross, in integer arithmetic. */
export function taxedAmounts(net: number, taxPercent: string): { net: number; tax: number; gross: number } {
  const basisPoints = BigInt(toMinorUnits(taxPercent));
  const tax = Number((BigInt(net) * basisPoints + 5_000n) / 10_000n);
  return { net, tax, gross: net + tax };
}

/** The taxed amounts of a stored row (a request, a payment, an invoice) as the API shows them. */
export function taxedDto<C>(row: {
  currency: C;
  net: number;
  taxPercent: string;
  tax: number;
  gross: number;
  taxNote: string | null;
}) {
  return {
    currency: row.currency,
    net: row.net,
    taxPercent: Number(row.taxPercent),
    tax: row.tax,
    gross: row.gross,
    taxNote: row.taxNote,
  };
}

/** The taxed amounts of a stored row as a document prints them. */
export function taxedFacts(row: {
  currency: { code: string };
  minorUnits: number;
  net: number;
  taxPercent: string;
  tax: number;
  gross: number;
  taxNote: string | null;
}) {
  return {
    currencyCode: row.currency.code,
    minorUnits: row.minorUnits,
    net: row.net,
    taxPercent: row.taxPercent,
    tax: row.tax,
    gross: row.gross,
    taxNote: row.taxNote as TaxNote | null,
  };
}
