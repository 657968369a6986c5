import type { AdvertiserContext } from '@rtb/delivery';
import {
  audienceMessages,
  belowMinimumText,
  type CampaignBody,
  campaignMessages,
  configKeys,
  messages,
  minorAmountText,
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

/** What a campaign is before a change, for the rules about what changes (null: a new campaign). */
export interface CampaignBefore {
  endDate: string | null;
  totalBudget: number | null;
  /** What it has spent so far, in micro-units of the currency. */
  spentMicros: number;
}

/** Micro-units (the bidder's counters) in a minor unit of a currency with `minorUnits` decimals. */
const microsPerMinor = (minorUnits: number) => 10 ** (6 - minorUnits);

/**
 * The rules of the campaign form the schema cannot check alone, each error on its field, all at
 * once (none: an empty object): the bid (a max-CPM goal's price, an outcome goal's ceiling when it
 * has one) and the daily budget at least the configured minimums,
 * the platform's enabled countries, the advertiser's own banners and none archived, its own
 * audiences and none both included and excluded; for a new end date, one not already past in the
 * advertiser's time zone; for a new total budget of an existing campaign, not less than it spent.
 */
export async function campaignRuleErrors(
  deps: AppDeps,
  advertiser: AdvertiserContext,
  body: CampaignBody,
  before: CampaignBefore | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const { minCpm, minDailyBudget } = await campaignMinimums(deps, advertiser.currencyMinorUnits);
  if (body.maxCpm !== null && body.maxCpm < minCpm)
    errors.maxCpm = [
      belowMinimumText(campaignMessages.bidBelowMinimum, minCpm, advertiser.currencyMinorUnits),
    ];
  if (body.dailyBudget !== null && body.dailyBudget < minDailyBudget)
    errors.dailyBudget = [
      belowMinimumText(campaignMessages.dailyBelowMinimum, minDailyBudget, advertiser.currencyMinorUnits),
    ];
  const endChanged = before === null || body.endDate !== before.endDate;
  if (endChanged && body.endDate !== null && body.endDate < advertiser.today)
    errors.endDate = [campaignMessages.endInPast];
  if (before !== null && body.totalBudget !== null && body.totalBudget !== before.totalBudget) {
    // The least total that covers the spend, rounded up to the minor unit.
    const spent = Math.ceil(before.spentMicros / microsPerMinor(advertiser.currencyMinorUnits));
    if (body.totalBudget < spent)
      errors.totalBudget = [
        campaignMessages.totalBelowSpent.replace(
          '{spent}',
          minorAmountText(spent, advertiser.currencyMinorUnits),
        ),
      ];
  }
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
  return errors;
}

/** The same rules, as a 422 naming every broken one on its field. */
export async function assertCampaignRules(
  deps: AppDeps,
  advertiser: AdvertiserContext,
  body: CampaignBody,
  before: CampaignBefore | null,
): Promise<void> {
  const errors = await campaignRuleErrors(deps, advertiser, body, before);
  if (Object.keys(errors).length) throw invalid(errors);
}
