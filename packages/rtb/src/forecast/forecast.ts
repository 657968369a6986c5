import type { DeviceType, FrequencyCapPeriod, OperatingSystem } from '@rtb/shared';
import { acceptedCurrencies, quoteFor } from '../decision/bid-currency';
import { buildCampaignIndex } from '../decision/campaign-index';
import { candidatesFor } from '../decision/candidates';
import { convertMicros } from '../decision/fx';
import { splitCost } from '../decision/money';
import type { BannerInput, BidRequestFacts, CampaignInput, CurrencyRates, ImpFacts } from '../types';
import type { RequestSample, SampleDay } from './sample';

/** What of a campaign (as set up in its form) the forecast reads. Money in micro-units of `currency`. */
export interface ForecastCampaign {
  currency: string;
  timeZone: string;
  hoursOfWeek: readonly number[] | null;
  maxCpmMicros: number;
  dailyBudgetMicros: number | null;
  frequencyCap: { count: number; period: FrequencyCapPeriod } | null;
  countries: readonly string[];
  deviceTypes: readonly DeviceType[];
  operatingSystems: readonly OperatingSystem[];
  includeDomains: readonly string[];
  excludeDomains: readonly string[];
  excludedCategories: readonly string[];
  /** The sizes its banners serve (`WxH`; a dynamic banner every size it may take); null = any size. */
  sizes: readonly string[] | null;
  /** The members of its included audiences (summed); null when it includes none (anyone). */
  audienceMembers: number | null;
  marginBps: number;
  commissionBps: number;
  advertiserDomain: string | null;
  /** The IAB categories its ads are about (checked against `bcat`). */
  categories: readonly string[];
}

export interface ForecastInput {
  campaign: ForecastCampaign;
  samples: readonly RequestSample[];
  days: readonly SampleDay[];
  rates: CurrencyRates;
  baseCurrency: string;
  now: Date;
}

export const forecastWarnings = ['no_matching_traffic', 'bid_under_floors', 'audience_too_small'] as const;
export type ForecastWarning = (typeof forecastWarnings)[number];

export interface Forecast {
  perDay: { requests: number; impressions: number; reach: number; spendMicros: number };
  warnings: ForecastWarning[];
  /** The sample it was made from: rows and the UTC days they cover. */
  sample: { rows: number; days: number };
}

/**
 * The win rate heuristic: the share of auctions won at a bid `ratio` times the floor (both net,
 * the campaign's currency). At the floor 10 %, each further floor's worth of bid 20 points more,
 * at most 50 % (from 3x the floor up); a request without a floor counts as won at 50 %. A plain
 * guess, stated as one (decision 0019): the platform does not see the other bids.
 */
export const WIN_RATE = { atFloor: 0.1, perFloor: 0.2, max: 0.5 } as const;

export function winRate(netBidMicros: number, floorMicros: number): number {
  if (floorMicros <= 0) return WIN_RATE.max;
  if (netBidMicros < floorMicros) return 0;
  return Math.min(WIN_RATE.max, WIN_RATE.atFloor + WIN_RATE.perFloor * (netBidMicros / floorMicros - 1));
}

/** Below these the audience is too small to deliver. */
export const MIN_AUDIENCE_MEMBERS = 100;
export const MIN_REACH_PER_DAY = 10;

const DAY_MS = 86_400_000;
const FOREVER = '1970-01-01';

/** Impressions one user may get in a day under the cap (lifetime: its whole count on the first day). */
function capPerDay(cap: ForecastCampaign['frequencyCap']): number {
  if (cap === null) return Number.POSITIVE_INFINITY;
  if (cap.period === 'hour') return cap.count * 24;
  if (cap.period === 'week') return cap.count / 7;
  return cap.count;
}

function bannerOf(size: string, id: number): BannerInput {
  const [w, h] = size.split('x').map(Number);
  return {
    id,
    type: 'image',
    width: w ?? 0,
    height: h ?? 0,
    assetKey: '',
    assetEntry: '',
    landingUrl: '',
    dynamic: null,
  };
}

/** The campaign as the bidder would index it: every day, its hours, one creative per size, no audience (scaled apart). */
function campaignInputOf(campaign: ForecastCampaign, sizes: readonly string[]): CampaignInput {
  return {
    id: 0,
    advertiserId: 0,
    currency: campaign.currency,
    currencyMinorUnits: 2,
    timeZone: campaign.timeZone,
    startDate: FOREVER,
    endDate: null,
    hoursOfWeek: campaign.hoursOfWeek,
    totalBudgetMicros: null,
    dailyBudgetMicros: campaign.dailyBudgetMicros,
    maxCpmMicros: campaign.maxCpmMicros,
    outcome: null,
    holdoutBps: 0,
    pacing: 'asap',
    frequencyCap: campaign.frequencyCap,
    countries: campaign.countries,
    deviceTypes: campaign.deviceTypes,
    operatingSystems: campaign.operatingSystems,
    includeDomains: campaign.includeDomains,
    excludeDomains: campaign.excludeDomains,
    excludedCategories: campaign.excludedCategories,
    includeAudiences: null,
    excludeAudiences: [],
    advertiserDomain: campaign.advertiserDomain,
    categories: campaign.categories,
    marginBps: campaign.marginBps,
    commissionBps: campaign.commissionBps,
    banners: sizes.map(bannerOf),
  };
}

function factsOf(sample: RequestSample): BidRequestFacts {
  return {
    id: '',
    auctionType: sample.auctionType,
    tmaxMs: null,
    test: false,
    currencies: sample.currencies,
    blockedCategories: sample.blockedCategories,
    blockedAdvertiserDomains: sample.blockedAdvertiserDomains,
    inventory: {
      kind: 'site',
      domain: sample.domain,
      reportName: sample.domain,
      categories: sample.categories,
      page: null,
    },
    device: {
      type: sample.deviceType,
      os: sample.os,
      country: sample.country,
      ua: null,
      utcOffsetMinutes: null,
    },
    user: { id: null, personalDataAllowed: true },
    imps: sample.imps.map((imp, i) => ({
      id: String(i),
      sizes: imp.sizes.map((size) => {
        const [w, h] = size.split('x').map(Number);
        return { w: w ?? 0, h: h ?? 0 };
      }),
      floorMicros: imp.floorMicros,
      floorCurrency: imp.floorCurrency,
      secure: true,
      position: null,
    })),
  };
}

/** What one sampled request is worth to the campaign. */
interface RowOutcome {
  /** The lowest floor of the imps it is targeted at, net, the campaign's currency. */
  floorMicros: number;
  /** Expected impressions (the win rate) and their expected gross cost; 0 when the bid is under every floor. */
  wins: number;
  costMicros: number;
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * A campaign's traffic per day, from the sampled requests (decision 0019). Each sample is judged by
 * the bidder's own matching (`candidatesFor` over a one-campaign index, at the time it was seen):
 * targeted when an imp matches with its floor ignored, winnable when one matches with it. Per UTC
 * day every sample stands for `requests / rows` of that day's requests (rows: those of the day
 * still kept); the days are averaged, today counting for the part of it gone by.
 * - impressions: winnable requests x `winRate` (one impression per request at most);
 * - reach: per user (its hash; a request without one is a user of its own) the chance to win at
 *   least once, 1 - prod(1 - winRate), scaled like requests;
 * - an audience include scales requests, impressions and reach by members / users of the sample
 *   per day (at most 1), reach at most its members; audiences excluded are not counted;
 * - the frequency cap: impressions at most reach x its count per day (hour x24, week /7);
 * - spend: each impression at the clearing price, gross: our bid in a first-price auction, half
 *   way from the floor to our bid in a second-price one; capped by the daily budget, which cuts
 *   impressions and reach in the same proportion.
 */
export function forecastCampaign(input: ForecastInput): Forecast {
  const { campaign, samples, rates, baseCurrency, now } = input;
  const sizes = campaign.sizes ?? [
    ...new Set(samples.flatMap((sample) => sample.imps.flatMap((imp) => imp.sizes))),
  ];
  const index = buildCampaignIndex([campaignInputOf(campaign, sizes)]);
  const indexed = [...index.bySize.values()][0]?.[0]?.[0]?.indexed ?? null;
  const money = { rates, baseCurrency };

  const byDay = new Map<string, RequestSample[]>();
  for (const sample of samples) {
    const day = sample.seenAt.toISOString().slice(0, 10);
    const list = byDay.get(day);
    if (list) list.push(sample);
    else byDay.set(day, [sample]);
  }
  const counted = new Map(input.days.map((day) => [day.day, day.requests]));
  const today = now.toISOString().slice(0, 10);

  let observedDays = 0;
  let targeted = 0;
  let impressions = 0;
  let reach = 0;
  let users = 0;
  let spend = 0;
  const floors: number[] = [];
  for (const [day, rows] of byDay) {
    const dayRequests = Math.max(rows.length, counted.get(day) ?? 0);
    const scale = dayRequests / rows.length;
    observedDays +=
      day === today ? Math.max(1 / 24, (now.getTime() - Date.parse(`${day}T00:00:00Z`)) / DAY_MS) : 1;
    const allUsers = new Set<string>();
    const missed = new Map<string, number>();
    let anonymous = 0;
    for (const [i, sample] of rows.entries()) {
      const user = sample.userHash ?? `#${i}`;
      allUsers.add(user);
      if (indexed === null) continue;
      const outcome = outcomeOf(sample, index, indexed.netBidMicros, indexed.maxCostMicros, campaign, money);
      if (outcome === null) continue;
      targeted += scale;
      floors.push(outcome.floorMicros);
      impressions += outcome.wins * scale;
      spend += outcome.costMicros * scale;
      if (sample.userHash === null) anonymous += outcome.wins;
      else missed.set(user, (missed.get(user) ?? 1) * (1 - outcome.wins));
    }
    let dayReach = anonymous;
    for (const chance of missed.values()) dayReach += 1 - chance;
    reach += dayReach * scale;
    users += allUsers.size * scale;
  }

  const perDay = (value: number) => (observedDays > 0 ? value / observedDays : 0);
  let forecast = {
    requests: perDay(targeted),
    impressions: perDay(impressions),
    reach: perDay(reach),
    spendMicros: perDay(spend),
  };
  if (campaign.audienceMembers !== null) {
    const dailyUsers = perDay(users);
    const share = dailyUsers > 0 ? Math.min(1, campaign.audienceMembers / dailyUsers) : 0;
    forecast = {
      requests: forecast.requests * share,
      impressions: forecast.impressions * share,
      reach: Math.min(forecast.reach * share, campaign.audienceMembers),
      spendMicros: forecast.spendMicros * share,
    };
  }
  const capped = Math.min(forecast.impressions, forecast.reach * capPerDay(campaign.frequencyCap));
  if (capped < forecast.impressions) {
    const cut = forecast.impressions > 0 ? capped / forecast.impressions : 0;
    forecast = { ...forecast, impressions: capped, spendMicros: forecast.spendMicros * cut };
  }
  if (campaign.dailyBudgetMicros !== null && forecast.spendMicros > campaign.dailyBudgetMicros) {
    const cut = campaign.dailyBudgetMicros / forecast.spendMicros;
    forecast = {
      ...forecast,
      impressions: forecast.impressions * cut,
      reach: forecast.reach * cut,
      spendMicros: campaign.dailyBudgetMicros,
    };
  }

  const warnings: ForecastWarning[] = [];
  if (samples.length > 0 && floors.length === 0) warnings.push('no_matching_traffic');
  if (floors.length > 0 && indexed !== null && indexed.netBidMicros < median(floors))
    warnings.push('bid_under_floors');
  if (
    (campaign.audienceMembers !== null && campaign.audienceMembers < MIN_AUDIENCE_MEMBERS) ||
    (floors.length > 0 && forecast.impressions > 0 && forecast.reach < MIN_REACH_PER_DAY)
  )
    warnings.push('audience_too_small');
  if (samples.length > 0 && indexed === null && !warnings.includes('no_matching_traffic'))
    warnings.push('no_matching_traffic');

  return {
    perDay: {
      requests: Math.round(forecast.requests),
      impressions: Math.round(forecast.impressions),
      reach: Math.round(forecast.reach),
      spendMicros: Math.round(forecast.spendMicros),
    },
    warnings,
    sample: { rows: samples.length, days: byDay.size },
  };
}

function outcomeOf(
  sample: RequestSample,
  index: ReturnType<typeof buildCampaignIndex>,
  netBid: number,
  maxCost: number,
  campaign: ForecastCampaign,
  money: { rates: CurrencyRates; baseCurrency: string },
): RowOutcome | null {
  const facts = factsOf(sample);
  const context = { now: sample.seenAt, ...money };
  const accepted = acceptedCurrencies(facts);
  let best: { imp: ImpFacts; floor: number } | null = null;
  let lowestTargeted: number | null = null;
  for (const imp of facts.imps) {
    if (!candidatesFor(index, facts, { ...imp, floorMicros: 0 }, context).length) continue;
    const quote = quoteFor(campaign.currency, accepted, imp, money);
    // A floor in a currency that does not convert: the bidder cannot bid on it either.
    const floor =
      quote === null
        ? Number.POSITIVE_INFINITY
        : convertMicros(quote.floorMicros, quote.fxToAdvertiser, 'up');
    lowestTargeted = Math.min(lowestTargeted ?? floor, floor);
    if (candidatesFor(index, facts, imp, context).length && (best === null || floor < best.floor))
      best = { imp, floor };
  }
  if (lowestTargeted === null) return null;
  if (best === null) return { floorMicros: lowestTargeted, wins: 0, costMicros: 0 };
  const wins = winRate(netBid, best.floor);
  const clearing = sample.auctionType === 1 ? netBid : Math.ceil((best.floor + netBid) / 2);
  const gross = Math.min(
    maxCost,
    splitCost(clearing, campaign.marginBps, campaign.commissionBps).grossMicros,
  );
  return { floorMicros: best.floor, wins, costMicros: wins * gross };
}
