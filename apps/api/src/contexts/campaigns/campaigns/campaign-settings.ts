import { type CampaignSettingsDto, configKeys } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { platformCountries } from '../../platform';
import { campaignMinimums } from './rules';
import { advertiserContextOf } from './serving-facts';

/** What the advertiser's campaign form needs: its currency and time zone, the minimums, the margin, the countries. */
export async function campaignSettings(deps: AppDeps, advertiserId: number): Promise<CampaignSettingsDto> {
  const advertiser = await advertiserContextOf(deps, advertiserId, new Date());
  return {
    currency: advertiser.currency,
    timeZone: advertiser.timeZone,
    ...(await campaignMinimums(deps, advertiser.currencyMinorUnits)),
    platformMarginPercent: await deps.settings.number(deps.db, configKeys.platformMarginPercent),
    countries: await platformCountries(deps),
  };
}
