/** Values of the OpenRTB substitution macros an exchange fills in notice URLs and markup. */
export interface MacroValues {
  AUCTION_ID: string;
  AUCTION_BID_ID: string;
  AUCTION_IMP_ID: string;
  AUCTION_SEAT_ID: string;
  AUCTION_AD_ID: string;
  AUCTION_CURRENCY: string;
  /** The clearing price, in the bid's currency and units (CPM). */
  AUCTION_PRICE?: string;
  /** The loss reason code (lurl). */
  AUCTION_LOSS?: string;
  /** The lowest bid that would have won (lurl, where the exchange tells it). */
  AUCTION_MIN_TO_WIN?: string;
}

/**
 * Replaces `${NAME}` macros, also where the markup URL-encoded them (`%24%7BNAME%7D`, as in an
 * encoded clickTag); unknown macros are left as they are.
 */
export function substituteMacros(text: string, values: MacroValues): string {
  return text.replace(/\$\{([A-Z_]+)\}|%24%7B([A-Z_]+)%7D/gi, (whole, plain?: string, encoded?: string) => {
    const name = (plain ?? encoded ?? '').toUpperCase() as keyof MacroValues;
    const value = values[name];
    if (value === undefined) return whole;
    return plain !== undefined ? value : encodeURIComponent(value);
  });
}

/** A price as macros carry it: plain decimal, no exponent, at most 6 decimals. */
export function formatPrice(price: number): string {
  return price.toFixed(6).replace(/\.?0+$/, '');
}
