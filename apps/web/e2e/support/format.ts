/** Money as the panel shows it in English (spec section 9): '1,000.00 zł' (the currency's symbol). */
export const shownMoney = (minorUnits: number, currency: string) =>
  `${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minorUnits / 100)} ${currency}`;
/** Spend, counted in micro-units (10,000 a minor unit), as the campaign pages show it. */
export const shownSpend = (micros: number, currency: string) => shownMoney(micros / 10_000, currency);
/** A count as the panel shows it in English: '1,234'. */
export const shownCount = (count: number) => new Intl.NumberFormat('en').format(count);
