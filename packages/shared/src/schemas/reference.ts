import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { enums } from '../enums';
import { apiDateTime, envelope, listOf, pageQuery } from './common';

const timestamps = { id: z.number().int(), createdAt: apiDateTime, updatedAt: apiDateTime };

export const localeDto = z.object({
  ...timestamps,
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
});
export type LocaleDto = z.infer<typeof localeDto>;

export const countryDto = z.object({
  ...timestamps,
  enabled: z.boolean(),
  name: z.string(),
  code: z.string(),
  isoCode: z.string(),
  eu: z.boolean(),
});
export type CountryDto = z.infer<typeof countryDto>;

export const currencyDto = z.object({
  ...timestamps,
  enabled: z.boolean(),
  name: z.string(),
  code: z.string(),
  isoCode: z.string(),
  symbol: z.string(),
});
export type CurrencyDto = z.infer<typeof currencyDto>;

/** The public lists' query: every entry fits one page by default. */
export const publicReferenceQuery = pageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
});

/**
 * `GET /currencies`: the enabled ones (what a form offers), or with `disabled=include` every
 * configured one (to write money of a currency disabled since, e.g. an advertiser's, with its
 * symbol).
 */
export const publicCurrenciesQuery = publicReferenceQuery.extend({
  disabled: z.enum(['include']).optional(),
});

export const localesResponse = envelope({ locales: listOf(localeDto) });
export const countriesResponse = envelope({ countries: listOf(countryDto) });
export const currenciesResponse = envelope({ currencies: listOf(currencyDto) });

export const enumsResponse = envelope({
  enums: z.object(
    Object.fromEntries(Object.keys(enums).map((k) => [k, z.array(z.string()).readonly()])) as {
      [K in keyof typeof enums]: z.ZodReadonly<z.ZodArray<z.ZodString>>;
    },
  ),
});

export const urlVerifyBody = z.object({ url: z.string().trim().min(1).max(2048) });
export const urlVerificationResponse = envelope({
  urlVerification: z.object({ url: z.string(), finalUrl: z.string(), status: z.number().int() }),
});
