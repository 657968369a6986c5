import { type CurrencyRatesQuery, configKeys } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toCurrencyRateDto } from './dto';
import { pageCurrencyRates } from './repository';

/** Currency rates newest first, and the code of the currency they are quoted in. */
export async function listCurrencyRates(deps: AppDeps, query: CurrencyRatesQuery) {
  const { rows, total } = await pageCurrencyRates(deps.db, query);
  return {
    currencyRates: listOfPage(rows.map(toCurrencyRateDto), query, total),
    baseCurrency: String(await deps.settings.get(deps.db, configKeys.baseCurrency)),
  };
}
