import { countries, currencies } from '@rtb/db';

/** The currency an organisation keeps its money in, as its rows carry it (left-joined). */
export const currencyColumns = {
  id: currencies.id,
  code: currencies.code,
  isoCode: currencies.isoCode,
  symbol: currencies.symbol,
};

/** The organisation's country, as its rows carry it (left-joined). */
export const countryColumns = {
  id: countries.id,
  code: countries.code,
  isoCode: countries.isoCode,
  name: countries.name,
};
