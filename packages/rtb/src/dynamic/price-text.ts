const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(locale: string, currency: string | null): Intl.NumberFormat {
  const key = `${locale}|${currency ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = currency
      ? new Intl.NumberFormat(locale, { style: 'currency', currency })
      : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A product's price as the shop's visitors read it: in the shop's locale with its currency
 * (`15,00 zł`, `$15.00`), or a plain amount when the feed gave no currency. Formatters are
 * kept per locale and currency: building one costs far more than using it.
 */
export function productPriceText(micros: number, currency: string | null, locale: string): string {
  return formatterOf(locale, currency).format(micros / 1_000_000);
}
