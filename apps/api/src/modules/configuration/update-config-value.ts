import {
  type ConfigKey,
  type ConfigValueDto,
  configKeys,
  configValueOfType,
  messages,
  organisationMessages,
  type UpdateConfigValueBody,
} from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { invalidField, notFound } from '../../core/errors';
import { type Actor, recordActivity } from '../activity-logs/service';
import { findCountryByCode } from '../reference/repository';
import { toConfigValueDto, typedConfigValue } from './dto';
import { findConfigValueById, findCurrencyByCode } from './repository';

/**
 * Sets a config value after checking it against the row's type (422 on `value`). The write
 * goes through the settings cache, so this process sees it at once (e.g. maintenance).
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
  const value = parsed.data;
  if (row.key === configKeys.baseCurrency) {
    const currency = await findCurrencyByCode(deps.db, String(value));
    if (!currency?.enabled) throw invalidField('value', messages.unknownCurrency);
  }
  if (row.key === configKeys.sellerCountry && !(await findCountryByCode(deps.db, String(value))))
    throw invalidField('value', messages.unknownCountry);
  if (row.key === configKeys.invoiceTaxPercent && Number(value) > 100)
    throw invalidField('value', organisationMessages.percent);
  const key = row.key as ConfigKey;
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
