import type { configValues } from '@rtb/db';
import {
  type ConfigValue,
  type ConfigValueDto,
  type ConfigValueType,
  type CurrencyRateDto,
  toApiDateTime,
} from '@rtb/shared';
import type { CurrencyRateRow, ReferenceList, ReferenceRow } from './repository';

/** A reference row as the API writes it (the response schema keeps the fields of its DTO). */
export function toReferenceDto<K extends ReferenceList>(row: ReferenceRow<K>) {
  return { ...row, createdAt: toApiDateTime(row.createdAt), updatedAt: toApiDateTime(row.updatedAt) };
}

export function toCurrencyRateDto(row: CurrencyRateRow): CurrencyRateDto {
  return { ...row, createdAt: toApiDateTime(row.createdAt) };
}

/**
 * A stored value in the form of its type. The JSON column may hand a numeric-looking string
 * back as a number (the driver parses it once more), so decimals and strings are re-formed.
 */
export function typedConfigValue(type: ConfigValueType, raw: unknown): ConfigValue {
  switch (type) {
    case 'boolean':
      return raw === true;
    case 'integer':
      return Number(raw);
    case 'decimal':
      return Number(raw).toFixed(2);
    default:
      return String(raw);
  }
}

export function toConfigValueDto(row: typeof configValues.$inferSelect): ConfigValueDto {
  return {
    id: row.id,
    key: row.key,
    type: row.type,
    value: typedConfigValue(row.type, row.value),
    description: row.description,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
  };
}
