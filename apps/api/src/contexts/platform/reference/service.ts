import { minorUnitsOf } from '@rtb/ledger';
import { DEFAULT_LOCALE, messages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, invalid } from '../../../core/errors';
import { enabledCountries, isEnabledEntry, isEnabledLocale, symbolsByCode } from './repository';

/** Refuses unknown or disabled countries and currencies with field errors on both at once. */
export async function assertEnabledCountryAndCurrency(
  deps: AppDeps,
  ids: { countryId: number; currencyId: number },
): Promise<void> {
  const errors: FieldErrors = {};
  if (!(await isEnabledEntry(deps.db, 'countries', ids.countryId)))
    errors.countryId = [messages.unknownCountry];
  if (!(await isEnabledEntry(deps.db, 'currencies', ids.currencyId)))
    errors.currencyId = [messages.unknownCurrency];
  if (Object.keys(errors).length) throw invalid(errors);
}

export function localeIsEnabled(deps: AppDeps, code: string): Promise<boolean> {
  return isEnabledLocale(deps.db, code);
}

/** The locale asked for when it is enabled, else the default. */
export async function enabledLocaleOr(deps: AppDeps, code: string | undefined): Promise<string> {
  return code && (await isEnabledLocale(deps.db, code)) ? code : DEFAULT_LOCALE;
}

/** The platform's enabled countries (ISO alpha-2 code and name), by name: what targeting offers. */
export function platformCountries(deps: AppDeps): Promise<{ code: string; name: string }[]> {
  return enabledCountries(deps.db);
}

/** The decimals of each currency's minor unit (2 for cents), by currency id. */
export function currencyMinorUnits(deps: AppDeps, currencyIds: number[]): Promise<Map<number, number>> {
  return minorUnitsOf(deps.db, currencyIds);
}

/** How money in a currency is written (its configured symbol, else its code), as the panels write it. */
export async function currencySymbol(deps: AppDeps, code: string): Promise<string> {
  return (await symbolsByCode(deps.db, [code])).get(code) || code;
}
