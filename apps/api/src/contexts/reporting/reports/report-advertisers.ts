import { localTime } from '@rtb/rtb';
import { configKeys } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { advertisersByIds } from '../../organisations';
import { currencyMinorUnits } from '../../platform';
import type { ScopeAdvertiser } from './repository';

/** An advertiser as a report counts it: its days, its money, its name and today in its time zone. */
export interface ReportAdvertiser extends ScopeAdvertiser {
  name: string;
  today: string;
}

/**
 * These advertisers as reports count them (those that exist), in a fixed number of queries
 * however many: only what a report needs, not their funds or serving state.
 */
export async function reportAdvertisers(
  deps: AppDeps,
  ids: readonly number[],
  now: Date,
): Promise<Map<number, ReportAdvertiser>> {
  const rows = await advertisersByIds(deps, ids);
  if (!rows.length) return new Map();
  const [digits, baseCurrency] = await Promise.all([
    currencyMinorUnits(
      deps,
      rows.flatMap((row) => (row.currencyId === null ? [] : [row.currencyId])),
    ),
    deps.settings.get(deps.db, configKeys.baseCurrency),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        timeZone: row.timeZone,
        // The platform's base currency while it has none, as its campaigns are priced.
        currency: row.currency?.code ?? String(baseCurrency),
        currencyMinorUnits: (row.currencyId === null ? undefined : digits.get(row.currencyId)) ?? 2,
        today: localTime(now, row.timeZone).day,
      },
    ]),
  );
}
