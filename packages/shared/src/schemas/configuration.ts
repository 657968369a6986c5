import { z } from 'zod';
import type { ConfigValueType } from '../enums';
import { configValueTypes } from '../enums';
import { apiDateTime, envelope, listOf, listQuery, pageQuery } from './common';
import { configurationMessages } from './configuration-messages';
import { countryDto, currencyDto, localeDto } from './reference';

/** Sorting of the admin reference lists. */
export const referenceSortFields = ['name', 'code'] as const;
export const adminReferenceQuery = listQuery(referenceSortFields, 'name');
export type AdminReferenceQuery = z.infer<typeof adminReferenceQuery>;

const name = z.string().trim().min(1).max(100);

export const updateCountryBody = z.object({
  name,
  isoCode: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, configurationMessages.countryIsoCode),
  eu: z.boolean(),
});
export type UpdateCountryBody = z.infer<typeof updateCountryBody>;

export const updateCurrencyBody = z.object({
  name,
  isoCode: z
    .string()
    .trim()
    .regex(/^\d{3}$/, configurationMessages.currencyIsoCode),
  symbol: z.string().trim().min(1).max(8),
});
export type UpdateCurrencyBody = z.infer<typeof updateCurrencyBody>;

export const updateLocaleBody = z.object({ name });
export type UpdateLocaleBody = z.infer<typeof updateLocaleBody>;

export const enabledBody = z.object({ enabled: z.boolean() });
export type EnabledBody = z.infer<typeof enabledBody>;

export const countryResponse = envelope({ country: countryDto });
export const currencyResponse = envelope({ currency: currencyDto });
export const localeResponse = envelope({ locale: localeDto });

// --- Currency rates -------------------------------------------------------------------------

/** A calendar date, `YYYY-MM-DD`, that exists. */
const validFromDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, configurationMessages.dateFormat)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, configurationMessages.dateFormat);

/** A decimal > 0 that fits numeric(18, 8): up to 10 digits before the point and 8 after. */
const rateValue = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,8})?$/, configurationMessages.rateFormat)
  .refine((value) => /[1-9]/.test(value), configurationMessages.rateFormat);

export const currencyRateDto = z.object({
  id: z.number().int(),
  currencyId: z.number().int(),
  currencyCode: z.string(),
  /** Units of the base currency for 1 unit of this currency, with 8 decimals. */
  rate: z.string(),
  validFrom: z.string(),
  createdAt: apiDateTime,
  createdByAccountId: z.number().int().nullable(),
});
export type CurrencyRateDto = z.infer<typeof currencyRateDto>;

export const currencyRatesQuery = pageQuery.extend({
  currencyId: z.coerce.number().int().positive().optional(),
});
export type CurrencyRatesQuery = z.infer<typeof currencyRatesQuery>;

export const createCurrencyRateBody = z.object({
  currencyId: z.number().int().positive(),
  rate: rateValue,
  validFrom: validFromDate,
});
export type CreateCurrencyRateBody = z.infer<typeof createCurrencyRateBody>;

export const currencyRatesResponse = envelope({
  currencyRates: listOf(currencyRateDto),
  /** Code of the currency the rates are quoted in (config value `base_currency`). */
  baseCurrency: z.string(),
});
export const currencyRateResponse = envelope({ currencyRate: currencyRateDto });

// --- Config values --------------------------------------------------------------------------

export const configValue = z.union([z.boolean(), z.number(), z.string()]);
export type ConfigValue = z.infer<typeof configValue>;

export const configValueDto = z.object({
  id: z.number().int(),
  key: z.string(),
  type: z.enum(configValueTypes),
  value: configValue,
  description: z.string(),
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
});
export type ConfigValueDto = z.infer<typeof configValueDto>;

export const configValuesResponse = envelope({ configValues: listOf(configValueDto) });
export const configValueResponse = envelope({ configValue: configValueDto });

export const updateConfigValueBody = z.object({ value: configValue });
export type UpdateConfigValueBody = z.infer<typeof updateConfigValueBody>;

/**
 * What a value of each type must look like; the output is what is stored (integers as
 * numbers, decimals as strings with 2 decimals).
 */
export const configValueOfType: Record<ConfigValueType, z.ZodType<ConfigValue, unknown>> = {
  boolean: z.boolean({ error: configurationMessages.booleanValue }),
  // Preprocessed rather than a union, so that forms get this message and not a branch's.
  integer: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: configurationMessages.integerValue })
      .int(configurationMessages.integerValue)
      .min(0, configurationMessages.integerValue)
      .max(2_147_483_647, configurationMessages.integerValue),
  ),
  decimal: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: configurationMessages.decimalValue })
      .trim()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, configurationMessages.decimalValue)
      .transform((value) => Number(value).toFixed(2)),
  ),
  string: z
    .string({ error: configurationMessages.stringValue })
    .trim()
    .min(1, configurationMessages.stringValue)
    .max(1000),
  email: z
    .string({ error: configurationMessages.emailValue })
    .trim()
    .max(254, configurationMessages.emailValue)
    .pipe(z.email(configurationMessages.emailValue)),
};

export const configValueSortFields = ['key', 'type', 'updatedAt'] as const;
export const configValuesQuery = listQuery(configValueSortFields, 'key');
export type ConfigValuesQuery = z.infer<typeof configValuesQuery>;
