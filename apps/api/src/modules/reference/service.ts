import { DEFAULT_LOCALE, messages } from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { type FieldErrors, invalid } from '../../core/errors';
import { isEnabledEntry, isEnabledLocale } from './repository';

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
