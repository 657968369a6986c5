import { type ConfigKey, configKeys, defaultBannerSizes } from '@rtb/shared';
import type { Database } from './client';
import { findConfigValue, updateConfigValue } from './config-values-repository';

/** Fallbacks when a row is missing, matching the seeded defaults. */
const defaults: Record<ConfigKey, unknown> = {
  [configKeys.maintenance]: false,
  [configKeys.authTokenLifetimeHours]: 168,
  [configKeys.passwordResetLifetimeMinutes]: 60,
  [configKeys.activationLifetimeHours]: 72,
  [configKeys.defaultCommissionPercent]: '15.00',
  [configKeys.supportEmail]: 'support@example.com',
  [configKeys.baseCurrency]: 'PLN',
  [configKeys.sellerName]: 'RTB Panel sp. z o.o.',
  [configKeys.sellerAddress]: 'ul. Przykładowa 1, 00-001 Warszawa',
  [configKeys.sellerTaxId]: 'PL0000000000',
  [configKeys.sellerBankAccount]: 'PL00 0000 0000 0000 0000 0000 0000',
  [configKeys.sellerCountry]: 'PL',
  [configKeys.invoiceTaxPercent]: '23.00',
  [configKeys.maxAmount]: '1000000.00',
  [configKeys.bannerSizes]: defaultBannerSizes.join(','),
  [configKeys.bannerMaxFileKb]: 500,
  [configKeys.campaignMinCpm]: '1.00',
  [configKeys.campaignMinDailyBudget]: '10.00',
  [configKeys.platformMarginPercent]: '20.00',
  [configKeys.defaultTimeZone]: 'Europe/Warsaw',
};

/**
 * Typed reads of config values with a short cache: the maintenance flag is read on every
 * request, and a change made in one process reaches the others within `ttlMs`.
 */
export class ConfigValues {
  private cache = new Map<string, { value: unknown; until: number }>();

  constructor(
    private readonly ttlMs = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(db: Database, key: ConfigKey): Promise<unknown> {
    const hit = this.cache.get(key);
    if (hit && hit.until > this.now()) return hit.value;
    const value = (await findConfigValue(db, key)) ?? defaults[key];
    this.cache.set(key, { value, until: this.now() + this.ttlMs });
    return value;
  }

  async number(db: Database, key: ConfigKey): Promise<number> {
    return Number(await this.get(db, key));
  }

  async boolean(db: Database, key: ConfigKey): Promise<boolean> {
    return (await this.get(db, key)) === true;
  }

  async set(db: Database, key: ConfigKey, value: unknown): Promise<void> {
    await updateConfigValue(db, key, value);
    this.cache.delete(key);
  }

  /** Drops the cached value, e.g. again once the transaction that changed it has committed. */
  forget(key: ConfigKey): void {
    this.cache.delete(key);
  }
}
