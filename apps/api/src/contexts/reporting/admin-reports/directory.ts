import { configKeys } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { advertisersByIds } from '../../organisations';
import { currencyMinorUnits } from '../../platform';

/** What a report says of an advertiser: names, its agency, and the currency its money is in. */
export interface AdvertiserFacts {
  id: number;
  name: string;
  code: string;
  agencyName: string | null;
  /** Its currency's code (the platform's base currency while it has none) and that currency's minor digits. */
  currency: string;
  digits: number;
}

/**
 * Advertisers as reports name them, read through the organisations and reference modules once
 * each and remembered for the rest of the run.
 */
export class AdvertiserDirectory {
  private known = new Map<number, AdvertiserFacts>();
  private baseCurrency: string | null = null;

  constructor(private readonly deps: AppDeps) {}

  async load(ids: readonly number[]): Promise<Map<number, AdvertiserFacts>> {
    const missing = [...new Set(ids)].filter((id) => !this.known.has(id));
    if (missing.length) {
      this.baseCurrency ??= String(await this.deps.settings.get(this.deps.db, configKeys.baseCurrency));
      const rows = await advertisersByIds(this.deps, missing);
      const digits = await currencyMinorUnits(
        this.deps,
        rows.flatMap((row) => (row.currencyId === null ? [] : [row.currencyId])),
      );
      for (const row of rows)
        this.known.set(row.id, {
          id: row.id,
          name: row.name,
          code: row.code,
          agencyName: row.agency?.name ?? null,
          currency: row.currency?.code ?? this.baseCurrency,
          digits: (row.currencyId === null ? undefined : digits.get(row.currencyId)) ?? 2,
        });
    }
    return this.known;
  }

  /** An advertiser already loaded. Rollup rows name advertisers, which are never deleted while they have any. */
  get(id: number): AdvertiserFacts {
    const facts = this.known.get(id);
    if (!facts) throw new Error(`advertiser ${id} of a report is unknown`);
    return facts;
  }
}
