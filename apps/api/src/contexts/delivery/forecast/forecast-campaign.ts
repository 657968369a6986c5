import { forecastContext, requestSample } from '@rtb/delivery';
import { forecastCampaign } from '@rtb/rtb';
import type { CampaignForecastBody, CampaignForecastDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { forbidden } from '../../../core/errors';
import { audienceSizesOf, briefBanners } from '../../campaigns';

/**
 * The advertiser's campaign as its form stands, forecast per day from the sampled bid requests
 * (decision 0019): its banners' sizes (a dynamic banner every size it serves in; none chosen: any
 * size), its included audiences' members, its prices as its bids would have them.
 */
export async function forecastOwnCampaign(
  deps: AppDeps,
  advertiserId: number,
  body: CampaignForecastBody,
  now = new Date(),
): Promise<CampaignForecastDto> {
  const context = await forecastContext(deps, advertiserId, now);
  if (!context) throw forbidden();
  const micros = 10 ** (6 - context.currencyMinorUnits);
  let sizes: string[] | null = null;
  if (body.bannerIds.length) {
    const banners = await briefBanners(deps, body.bannerIds, { advertiserId });
    sizes = [
      ...new Set(
        banners.flatMap((banner) =>
          banner.type === 'dynamic' ? context.dynamicSizes : [`${banner.width}x${banner.height}`],
        ),
      ),
    ];
  }
  let audienceMembers: number | null = null;
  if (body.audienceIncludeIds.length) {
    const members = await audienceSizesOf(deps.db, advertiserId, body.audienceIncludeIds, now);
    audienceMembers = [...members.values()].reduce((sum, n) => sum + n, 0);
  }
  const { samples, days } = await requestSample(deps.db, now);
  const forecast = forecastCampaign({
    campaign: {
      currency: context.currency,
      timeZone: context.timeZone,
      hoursOfWeek: body.hoursOfWeek,
      maxCpmMicros: body.maxCpm * micros,
      dailyBudgetMicros: body.dailyBudget === null ? null : body.dailyBudget * micros,
      frequencyCap: body.frequencyCap,
      countries: body.countries,
      deviceTypes: body.deviceTypes,
      operatingSystems: body.operatingSystems,
      includeDomains: body.includeDomains,
      excludeDomains: body.excludeDomains,
      excludedCategories: body.excludedCategories,
      sizes,
      audienceMembers,
      marginBps: context.marginBps,
      commissionBps: context.commissionBps,
      advertiserDomain: context.advertiserDomain,
      categories: context.categories,
    },
    samples,
    days,
    rates: context.rates,
    baseCurrency: context.baseCurrency,
    now,
  });
  return {
    perDay: { ...forecast.perDay, spend: Math.round(forecast.perDay.spendMicros / micros) },
    warnings: forecast.warnings,
    sample: forecast.sample,
  };
}
