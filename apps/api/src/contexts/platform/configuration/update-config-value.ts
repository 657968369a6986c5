import {
  bannerSizePattern,
  type ConfigKey,
  type ConfigValue,
  type ConfigValueDto,
  configKeys,
  configurationMessages,
  configValueOfType,
  isTimeZone,
  messages,
  organisationMessages,
  type UpdateConfigValueBody,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../activity-logs/service';
import { findCountryByCode } from '../reference/repository';
import { toConfigValueDto, typedConfigValue } from './dto';
import { findConfigValueById, findCurrencyByCode } from './repository';

/** Comma-separated `WxH` sizes, each once, without spaces; null when one is not a size. */
function bannerSizes(value: string): string | null {
  const sizes = value.split(',').map((size) => size.trim());
  const valid = sizes.every((size) => {
    const match = bannerSizePattern.exec(size);
    return match !== null && Number(match[1]) > 0 && Number(match[2]) > 0;
  });
  return valid ? [...new Set(sizes)].join(',') : null;
}

/**
 * The rules of particular keys beyond their type: the value to store (possibly normalised), or
 * the field error's text.
 */
const valueRules: Partial<
  Record<ConfigKey, (value: ConfigValue) => { value: ConfigValue } | { error: string }>
> = {
  [configKeys.invoiceTaxPercent]: (value) =>
    Number(value) <= 100 ? { value } : { error: organisationMessages.percent },
  [configKeys.bannerSizes]: (value) => {
    const sizes = bannerSizes(String(value));
    return sizes === null ? { error: configurationMessages.bannerSizes } : { value: sizes };
  },
  [configKeys.bannerMaxFileKb]: (value) =>
    Number(value) >= 1 && Number(value) <= 10_240
      ? { value }
      : { error: configurationMessages.bannerMaxFileKb },
  [configKeys.platformMarginPercent]: (value) =>
    Number(value) < 100 ? { value } : { error: configurationMessages.marginPercent },
  [configKeys.defaultTimeZone]: (value) =>
    isTimeZone(String(value)) ? { value } : { error: configurationMessages.timeZone },
};

/**
 * Sets a config value after checking it against the row's type and the key's own rules (422 on
 * `value`). The write goes through the settings cache, so this process sees it at once (e.g.
 * maintenance).
 */
export async function updateConfigValue(
  deps: AppDeps,
  actor: Actor,
  id: number,
  body: UpdateConfigValueBody,
): Promise<ConfigValueDto> {
  const row = await findConfigValueById(deps.db, id);
  if (!row) throw notFound();
  const parsed = configValueOfType[row.type].safeParse(body.value);
  if (!parsed.success) throw invalidField('value', parsed.error.issues[0]?.message ?? messages.validation);
  const key = row.key as ConfigKey;
  const ruled = valueRules[key]?.(parsed.data) ?? { value: parsed.data };
  if ('error' in ruled) throw invalidField('value', ruled.error);
  const value = ruled.value;
  if (key === configKeys.baseCurrency) {
    const currency = await findCurrencyByCode(deps.db, String(value));
    if (!currency?.enabled) throw invalidField('value', messages.unknownCurrency);
  }
  if (key === configKeys.sellerCountry && !(await findCountryByCode(deps.db, String(value))))
    throw invalidField('value', messages.unknownCountry);
  await deps.settings.set(deps.db, key, value);
  deps.afterCommit(() => deps.settings.forget(key));
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'config_value',
      entityId: id,
      before: { value: typedConfigValue(row.type, row.value) },
      after: { value },
    },
  ]);
  const updated = await findConfigValueById(deps.db, id);
  if (!updated) throw notFound();
  return toConfigValueDto(updated);
}
