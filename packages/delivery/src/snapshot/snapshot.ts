import { unpostedSpendOf } from '@rtb/ledger';
import type { BannerInput, CampaignInput, CurrencyRates, DynamicCreative } from '@rtb/rtb';
import { bannerSizePattern, configKeys, normaliseDomain, shopPriceLocale, toMinorUnits } from '@rtb/shared';
import type { DeliveryDeps } from '../deps';
import { type KeptFoldEffects, keptFoldEffects } from '../events/fold-effects-repository';
import { type AdvertiserContext, advertiserContexts } from './advertiser-contexts';
import { allowedBannerSizes } from './banner-sizes';
import { campaignAudiences } from './campaign-audiences';
import { campaignPricing } from './campaign-price';
import { type ActiveBanner, countersOf, loadActiveCampaigns } from './campaign-rows';
import { ratesOn } from './currency-rates';
import { type OutcomeHistories, type OutcomeHistoryCache, outcomeHistories } from './outcome-history';

/** What a bidder keeps in memory to decide bids (DESIGN.md section 6). */
export interface DeliverySnapshot {
  /** The campaigns that can serve: active, with an approved banner, of a verified advertiser whose billing data is complete and who accepted the regulations. */
  campaigns: CampaignInput[];
  /**
   * Advertiser id -> micro-units it may still spend: its balance plus available credit (or the
   * balance its agency funded, when the agency pays), less spend accrued but not yet posted.
   */
  funds: Map<number, number>;
  /** Campaign id -> its spend today, tomorrow (counted early by a clock ahead) and in its life; `today` is its advertiser's current day. */
  spend: Map<number, { todayMicros: number; tomorrowMicros: number; totalMicros: number; today: string }>;
  /** Currency code -> units of the base currency per unit, scaled by 1e8; the latest rate valid today. */
  rates: CurrencyRates;
  baseCurrency: string;
  /**
   * The effects of folds on these advertisers the budget store may not have yet, or took lately
   * (`applied`): spend the database counts that a counter observed before may not.
   */
  foldEffects: KeptFoldEffects[];
}

/**
 * The IAB categories of every ad: the platform serves e-commerce shops only, so each campaign
 * is about shopping (IAB22), which exchanges check against a request's blocked categories.
 */
export const SHOPPING_CATEGORIES: readonly string[] = ['IAB22'];

/** A percent as the database writes it ('20.00', numeric(5, 2)) in basis points (2000), exactly. */
export const basisPointsOf = (percent: unknown) => toMinorUnits(String(percent));

/** A rate's numeric text ('4.12345678') scaled by 1e8, exactly. */
export function scaledRate(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
}

const microsPerMinorUnit = (context: AdvertiserContext) => 10 ** (6 - context.currencyMinorUnits);

type ActiveCampaignRow = Awaited<ReturnType<typeof loadActiveCampaigns>>[number];

/** The sizes a dynamic banner serves in: every one of `banner_sizes`. */
export async function dynamicBannerSizes(deps: DeliveryDeps): Promise<{ width: number; height: number }[]> {
  return (await allowedBannerSizes(deps)).map((size) => {
    const [, width, height] = bannerSizePattern.exec(size) as RegExpExecArray;
    return { width: Number(width), height: Number(height) };
  });
}

/**
 * What the bidder serves of an approved banner: an image or HTML5 banner as it is; a dynamic one
 * once per allowed size (the same id and logo), with its template and its shop.
 */
function bannerInputsOf(
  { template, ...banner }: ActiveBanner,
  sizes: readonly { width: number; height: number }[],
  shop: Omit<DynamicCreative, 'template'>,
): BannerInput[] {
  if (banner.type !== 'dynamic' || !template) return [{ ...banner, dynamic: null }];
  const dynamic = { template, ...shop };
  return sizes.map((size) => ({ ...banner, ...size, dynamic }));
}

/**
 * Every campaign that can serve, with its advertiser's funds and its counters, the exchange
 * rates and the platform's settings; with `advertiserIds`, only those advertisers' campaigns
 * and funds (a reload of the advertisers that changed). A fixed number of queries however many
 * campaigns, in one read-only snapshot of the database so funds, campaigns and counters agree.
 */
export function loadDeliverySnapshot(
  deps: DeliveryDeps,
  options: SnapshotOptions,
): Promise<DeliverySnapshot> {
  return deps.db.transaction((db) => snapshotOf({ ...deps, db }, options), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

export interface SnapshotOptions {
  now: Date;
  advertiserIds?: number[];
  /** Where a process keeps the campaigns' histories between reloads; without it they are read each time. */
  histories?: OutcomeHistoryCache;
}

async function snapshotOf(
  deps: DeliveryDeps,
  { now, advertiserIds, histories: cache }: SnapshotOptions,
): Promise<DeliverySnapshot> {
  const baseCurrency = String(await deps.settings.get(deps.db, configKeys.baseCurrency));
  const marginBps = basisPointsOf(await deps.settings.get(deps.db, configKeys.platformMarginPercent));
  const rates = new Map([...(await ratesOn(deps, now))].map(([code, rate]) => [code, scaledRate(rate)]));
  const sizes = await dynamicBannerSizes(deps);
  const loaded = advertiserIds?.length === 0 ? [] : await loadActiveCampaigns(deps.db, advertiserIds);
  const rows = loaded.filter((row) => row.banners.length > 0);
  const ids = [...new Set(rows.map((row) => row.campaign.advertiserId))];
  const contexts = await advertiserContexts(deps, ids, now);
  const serving = new Set(
    [...contexts.values()]
      .filter(
        ({ serving }) =>
          serving.statusVerification === 'verified' && serving.billingComplete && serving.regulationAccepted,
      )
      .map((context) => context.id),
  );
  const advertisers = new Map(
    ids.flatMap((id) => {
      const context = contexts.get(id);
      return context && serving.has(id) ? [[id, context.advertiser] as const] : [];
    }),
  );
  const unposted = await unpostedSpendOf(deps.db, [...advertisers.keys()]);

  const funds = new Map<number, number>();
  for (const advertiser of advertisers.values()) {
    const context = contexts.get(advertiser.id) as AdvertiserContext;
    const accrued = unposted.get(advertiser.id);
    const notPosted = (advertiser.agencyPaidCampaigns ? accrued?.agencyBalance : accrued?.balance) ?? 0;
    funds.set(advertiser.id, context.serving.fundsAvailable * microsPerMinorUnit(context) - notPosted);
  }

  const servingRows = rows.filter((row) => advertisers.has(row.campaign.advertiserId));
  const audiences = await campaignAudiences(
    deps.db,
    servingRows.map((row) => row.campaign),
  );
  // Outcome goals price their impressions with what campaigns bought lately (`campaignPriceMicros`).
  const histories = servingRows.some((row) => row.campaign.goalKind !== 'maxCpm')
    ? await (cache ? cache.get(deps.db, now) : outcomeHistories(deps.db, now))
    : null;
  const campaigns: CampaignInput[] = [];
  for (const [i, row] of servingRows.entries()) {
    const advertiser = advertisers.get(row.campaign.advertiserId);
    const context = contexts.get(row.campaign.advertiserId);
    const audience = audiences[i];
    if (!advertiser || !context || !audience) continue;
    const shop = { shopName: advertiser.name, locale: shopPriceLocale(advertiser.websiteLocales) };
    campaigns.push(
      campaignInputOf(
        row,
        context,
        {
          marginBps,
          commissionBps: advertiser.agencyId === null ? 0 : basisPointsOf(advertiser.commissionPercent),
          advertiserDomain: advertiser.websiteUrl ? normaliseDomain(advertiser.websiteUrl) : null,
          includeAudiences: audience.include,
          excludeAudiences: audience.exclude,
          histories,
        },
        row.banners.flatMap((banner) => bannerInputsOf(banner, sizes, shop)),
      ),
    );
  }

  const todayOf = (campaign: CampaignInput) =>
    (contexts.get(campaign.advertiserId) as AdvertiserContext).today;
  const counters = await countersOf(
    deps.db,
    campaigns.map((campaign) => ({ campaignId: campaign.id, today: todayOf(campaign) })),
  );
  const spend = new Map(
    campaigns.map((campaign) => {
      const counter = counters.get(campaign.id);
      return [
        campaign.id,
        {
          todayMicros: counter?.spendTodayMicros ?? 0,
          tomorrowMicros: counter?.spendTomorrowMicros ?? 0,
          totalMicros: counter?.spendTotalMicros ?? 0,
          today: todayOf(campaign),
        },
      ];
    }),
  );
  const foldEffects = await keptFoldEffects(deps.db, advertiserIds);
  return { campaigns, funds, spend, rates, baseCurrency, foldEffects };
}

function campaignInputOf(
  { campaign }: ActiveCampaignRow,
  context: AdvertiserContext,
  advertiser: Pick<
    CampaignInput,
    'marginBps' | 'commissionBps' | 'advertiserDomain' | 'includeAudiences' | 'excludeAudiences'
  > & { histories: OutcomeHistories | null },
  banners: BannerInput[],
): CampaignInput {
  const micros = microsPerMinorUnit(context);
  const toMicros = (minor: number | null) => (minor === null ? null : minor * micros);
  return {
    id: campaign.id,
    advertiserId: campaign.advertiserId,
    currency: context.currency,
    currencyMinorUnits: context.currencyMinorUnits,
    timeZone: context.timeZone,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    hoursOfWeek: campaign.hoursOfWeek,
    totalBudgetMicros: toMicros(campaign.totalBudget),
    dailyBudgetMicros: toMicros(campaign.dailyBudget),
    ...campaignPricing(
      campaign,
      toMicros(campaign.maxCpm),
      {
        marginBps: advertiser.marginBps,
        commissionBps: advertiser.commissionBps,
        currency: context.currency,
      },
      advertiser.histories,
    ),
    holdoutBps: campaign.holdoutBps,
    pacing: campaign.pacing,
    frequencyCap:
      campaign.frequencyCapCount !== null && campaign.frequencyCapPeriod !== null
        ? { count: campaign.frequencyCapCount, period: campaign.frequencyCapPeriod }
        : null,
    countries: campaign.countries,
    deviceTypes: campaign.deviceTypes as CampaignInput['deviceTypes'],
    operatingSystems: campaign.operatingSystems as CampaignInput['operatingSystems'],
    includeDomains: campaign.includeDomains,
    excludeDomains: campaign.excludeDomains,
    excludedCategories: campaign.excludedCategories,
    includeAudiences: advertiser.includeAudiences,
    excludeAudiences: advertiser.excludeAudiences,
    advertiserDomain: advertiser.advertiserDomain,
    categories: SHOPPING_CATEGORIES,
    marginBps: advertiser.marginBps,
    commissionBps: advertiser.commissionBps,
    banners,
  };
}
