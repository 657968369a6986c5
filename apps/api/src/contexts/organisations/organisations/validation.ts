import { hasLedgerEntries } from '@rtb/ledger';
import { messages, organisationMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import type { FieldErrors } from '../../../core/errors';
import { isEnabledEntry } from '../../platform';

interface BillingReferences {
  countryId: number | null;
  currencyId: number | null;
}

/**
 * Field errors of an organisation's country and currency. A newly chosen one must exist and be
 * enabled (one kept as it was may have been disabled since, and stays). The currency cannot
 * change once money has moved in the organisation's ledger accounts.
 */
export async function billingReferenceErrors(
  deps: AppDeps,
  next: BillingReferences,
  existing: { before: BillingReferences; ledger: { agencyId: number } | { advertiserId: number } } | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const before = existing?.before;
  if (
    next.countryId !== null &&
    next.countryId !== before?.countryId &&
    !(await isEnabledEntry(deps.db, 'countries', next.countryId))
  )
    errors.countryId = [messages.unknownCountry];
  if (next.currencyId !== (before?.currencyId ?? null)) {
    if (next.currencyId !== null && !(await isEnabledEntry(deps.db, 'currencies', next.currencyId)))
      errors.currencyId = [messages.unknownCurrency];
    else if (existing && (await hasLedgerEntries(deps.db, existing.ledger)))
      errors.currencyId = [organisationMessages.currencyLocked];
  }
  return errors;
}

/** The fields of an update body that were given (a field left out stays as it is). */
export function givenFields<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}
