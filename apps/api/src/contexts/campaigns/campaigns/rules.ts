import type { AdvertiserContext } from '@rtb/delivery';
import {
  audienceMessages,
  belowMinimumText,
  type CampaignBody,
  campaignMessages,
  configKeys,
  messages,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, invalid } from '../../../core/errors';
import { platformCountries } from '../../platform';
import { ownAudienceIds } from '../audiences/service';
import { briefBanners } from '../banners/service';

/** The configured minimums (config values, in currency units) in the advertiser's minor units. */
export async function campaignMinimums(deps: AppDeps, minorUnits: number) {
  const inMinorUnits = async (
    key: typeof configKeys.campaignMinCpm | typeof configKeys.campaignMinDailyBudget,
  ) => Math.round(Number(await deps.settings.get(deps.db, key)) * 10 ** minorUnits);
  return {
    minCpm: await inMinorUnits(configKeys.campaignMinCpm),
    minDailyBudget: await inMinorUnits(configKeys.campaignMinDailyBudget),
  };
}

/**
 * The rules of the campaign form the schema cannot check alone, each error on its field, all at
 * once: the bid and the daily budget at least the configured minimums, the platform's enabled
 * countries, the advertiser's own banners and none archived, its own audiences and none both
 * included and excluded, and (`isNew`) an end date not already past in the advertiser's time zone.
 */
export async function assertCampaignRules(
  deps: AppDeps,
  advertiser: AdvertiserContext,
  body: CampaignBody,
  isNew: boolean,
): Promise<void> {
  const errors: FieldErrors = {};
  const { minCpm, minDailyBudget } = await campaignMinimums(deps, advertiser.currencyMinorUnits);
  if (body.maxCpm < minCpm)
    errors.maxCpm = [
      belowMinimumText(campaignMessages.bidBelowMinimum, minCpm, advertiser.currencyMinorUnits),
    ];
  if (body.dailyBudget !== null && body.dailyBudget < minDailyBudget)
    errors.dailyBudget = [
      belowMinimumText(campaignMessages.dailyBelowMinimum, minDailyBudget, advertiser.currencyMinorUnits),
    ];
  if (isNew && body.endDate !== null && body.endDate < advertiser.today)
    errors.endDate = [campaignMessages.endInPast];
  if (body.countries.length) {
    const enabled = new Set((await platformCountries(deps)).map((country) => country.code));
    if (body.countries.some((code) => !enabled.has(code))) errors.countries = [messages.unknownCountry];
  }
  if (body.bannerIds.length) {
    const found = new Map(
      (await briefBanners(deps, body.bannerIds, { advertiserId: advertiser.id })).map((b) => [
        b.id,
        b.status,
      ]),
    );
    const bannerErrors = new Set<string>();
    for (const id of body.bannerIds) {
      const status = found.get(id);
      if (status === undefined) bannerErrors.add(campaignMessages.unknownBanner);
      else if (status === 'archived') bannerErrors.add(campaignMessages.archivedBanner);
    }
    if (bannerErrors.size) errors.bannerIds = [...bannerErrors];
  }
  const audienceIds = [...body.audienceIncludeIds, ...body.audienceExcludeIds];
  if (audienceIds.length) {
    const own = await ownAudienceIds(deps.db, advertiser.id, audienceIds);
    for (const field of ['audienceIncludeIds', 'audienceExcludeIds'] as const)
      if (body[field].some((id) => !own.has(id))) errors[field] = [audienceMessages.audienceNotFound];
    const excluded = new Set(body.audienceExcludeIds);
    if (!errors.audienceExcludeIds && body.audienceIncludeIds.some((id) => excluded.has(id)))
      errors.audienceExcludeIds = [audienceMessages.includedAndExcluded];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}
