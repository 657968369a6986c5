/** Prices the exchange quotes are whole micro-units of their currency, as the macros carry them. */
export const roundMicros = (price: number) => Math.round(price * 1e6) / 1e6;

/** A floor in whole micro-units, never below the floor it came from. */
export const ceilMicros = (price: number) => Math.ceil(Math.round(price * 1e9) / 1e3) / 1e6;
