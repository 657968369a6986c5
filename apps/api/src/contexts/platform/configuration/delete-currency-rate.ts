import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../activity-logs/service';
import { deleteCurrencyRate, findCurrencyRate } from './repository';

/** Removes a rate; the one before it applies again from its date. */
export async function removeCurrencyRate(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  const row = await findCurrencyRate(deps.db, id);
  if (!row) throw notFound();
  await deleteCurrencyRate(deps.db, id);
  await recordActivity(deps, actor, [
    {
      event: 'deleted',
      entityType: 'currency_rate',
      entityId: id,
      before: {
        currencyId: row.currencyId,
        currencyCode: row.currencyCode,
        rate: row.rate,
        validFrom: row.validFrom,
      },
    },
  ]);
}
