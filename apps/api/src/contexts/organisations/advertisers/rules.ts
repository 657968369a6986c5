import { advertiserMessages, messages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import type { FieldErrors } from '../../../core/errors';
import { localeIsEnabled } from '../../platform';
import { type AdvertiserRow, findAgencyForAdvertiser } from '../organisations/advertisers-repository';
import { advertiserCodeTaken } from '../organisations/repository';
import { billingReferenceErrors } from '../organisations/validation';

/** An advertiser as it would be saved: what the rules look at. */
export interface AdvertiserValues {
  agencyId: number | null;
  /** null on create: a code is generated. */
  code: string | null;
  countryId: number | null;
  currencyId: number | null;
  websiteLocales: string[];
  commissionPercent: number;
  agencyPaidCampaigns: boolean;
}

/**
 * Field errors of an advertiser about to be created (`before` null) or changed: the agency must
 * exist and its commission limit holds; agency-paid campaigns need an agency; the code is
 * unique; new website locales are enabled ones; and the billing references' rules.
 */
export async function advertiserErrors(
  deps: AppDeps,
  next: AdvertiserValues,
  before: AdvertiserRow | null,
): Promise<FieldErrors> {
  const errors = await billingReferenceErrors(
    deps,
    next,
    before ? { before, ledger: { advertiserId: before.id } } : null,
  );

  if (next.agencyId !== null) {
    const agency =
      before?.agency && before.agencyId === next.agencyId
        ? before.agency
        : await findAgencyForAdvertiser(deps.db, next.agencyId);
    if (!agency) errors.agencyId = [advertiserMessages.unknownAgency];
    else if (next.commissionPercent > Number(agency.commissionPercentLimit))
      errors.comissionPercent = [advertiserMessages.commissionAboveLimit];
  } else if (next.agencyPaidCampaigns) {
    errors.agencyPaidCampaigns = [advertiserMessages.agencyPaidWithoutAgency];
  }

  if (next.code === '') errors.code = [advertiserMessages.codeRequired];
  else if (
    next.code !== null &&
    next.code !== before?.code &&
    (await advertiserCodeTaken(deps.db, next.code, before?.id))
  )
    errors.code = [advertiserMessages.codeTaken];

  for (const locale of next.websiteLocales) {
    if (before?.websiteLocales.includes(locale)) continue;
    if (!(await localeIsEnabled(deps, locale))) {
      errors.websiteLocales = [messages.unknownLocale];
      break;
    }
  }
  return errors;
}

/** Each locale once, in the order given. */
export const uniqueLocales = (locales: string[]) => [...new Set(locales)];
