import { type CreateCurrencyRateBody, configKeys, configurationMessages, messages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../activity-logs/service';
import { toCurrencyRateDto } from './dto';
import { findCurrencyRate, findReference, insertCurrencyRate } from './repository';

/** Adds the rate of a currency from a date on; one rate per currency and date. */
export async function createCurrencyRate(deps: AppDeps, actor: Actor, body: CreateCurrencyRateBody) {
  const currency = await findReference(deps.db, 'currencies', body.currencyId);
  if (!currency) throw invalidField('currencyId', messages.unknownCurrency);
  if (currency.code === (await deps.settings.get(deps.db, configKeys.baseCurrency)))
    throw invalidField('currencyId', configurationMessages.baseCurrencyRate);
  const id = await insertCurrencyRate(deps.db, {
    currencyId: body.currencyId,
    rate: body.rate,
    validFrom: body.validFrom,
    createdByAccountId: actor.accountId,
  });
  if (id === null) throw invalidField('validFrom', configurationMessages.rateExists);
  const row = await findCurrencyRate(deps.db, id);
  if (!row) throw notFound();
  await recordActivity(deps, actor, [
    {
      event: 'created',
      entityType: 'currency_rate',
      entityId: id,
      after: {
        currencyId: row.currencyId,
        currencyCode: row.currencyCode,
        rate: row.rate,
        validFrom: row.validFrom,
      },
    },
  ]);
  return toCurrencyRateDto(row);
}
