import type { AuctionType } from '../auction';
import type { DemoProduct } from '../demo-shop';
import type { Opportunity } from '../request-generator';

/** The true model's base rates, where every effect is 0 (its intercepts). */
export interface OutcomeRates {
  /** Clicks per impression. */
  ctr: number;
  /** Orders per click. */
  cvr: number;
  /** The median visitor's chance of ordering at an opportunity without seeing an ad. */
  propensity: number;
  /** Orders an exposure brings without a click, as a share of its click-through orders. */
  viewThrough: number;
}

/** How the world's visitors behave: the true model's base rates, how often they browse the shop. */
export interface OutcomeBehaviour extends Partial<OutcomeRates> {
  /** The median visitor's chance of browsing the shop just before an opportunity (0.002). */
  visitRate?: number;
}

export interface OutcomeWorldOptions extends OutcomeBehaviour {
  /** Every exchange's auction type; without it each exchange runs its own. */
  auction?: AuctionType;
  /** Prefix of the request ids, so that two runs with one seed never reuse an id. */
  runId?: string;
  /** Returning visitors per device kind. */
  usersPerKind?: number;
  /** Whether pages are https (`imp.secure`). */
  securePages?: boolean;
  /**
   * The time of each opportunity (epoch ms). Without it a simulated clock: Monday 2025-01-06
   * 00:00 UTC, `stepMs` later for each opportunity.
   */
  now?: () => number;
  /** The simulated clock's step (10 s by default: a simulated week is 60,480 opportunities). */
  stepMs?: number;
}

/** What a visitor is, unknown to the bidder: the same every time the visitor comes back. */
export interface UserTraits {
  /** Product categories the visitor cares for (the catalogue's first level). */
  interests: readonly string[];
  /** The chance of ordering at an opportunity without seeing an ad. */
  propensity: number;
  /** The chance of browsing the shop just before an opportunity (web visitors only). */
  visitRate: number;
  /** IANA name of the visitor's home time zone. */
  timeZone: string;
}

/** How long ago the visitor last viewed a product at the shop. */
export type Recency = 'never' | 'hour' | 'day' | 'week' | 'older';

/** What the true model reads of an opportunity before any ad is chosen. */
export interface ContextFeatures {
  /** The exchange that sent the request (its domain). */
  exchange: string;
  /** The site's domain or the app's bundle. */
  placement: string;
  inApp: boolean;
  /** OpenRTB devicetype. */
  devicetype: number;
  os: string;
  /** alpha-3 */
  country: string;
  /** The hour (0-23) in the visitor's time zone. */
  localHour: number;
  /** Where the slot is: the request's `pos` when given, else still one of the two. */
  position: 'above' | 'below';
  recency: Recency;
  /** The placement's category is one of the visitor's interests. */
  interestMatch: boolean;
  /** The slot's primary size, `300x250`. */
  slotSize: string;
}

/** The highest bid of the other buyers in this segment: log-normal, or none at all. */
export interface Competition {
  /** The segment the distribution belongs to: exchange|placement|size|position|country|recency. */
  segment: string;
  /** ln of the median highest rival bid (USD CPM). */
  mu: number;
  sigma: number;
  /** The chance that no other buyer bids. */
  pNone: number;
  /** This auction's draw (USD CPM, whole micro-units), null when nobody else bids. */
  highestUsd: number | null;
}

/** What the simulator knows of an opportunity and the bidder does not. */
export interface OpportunityTruth {
  /** Its place in the world's stream (1 first). */
  index: number;
  /** Epoch ms. */
  at: number;
  auction: AuctionType;
  /** Whether this exchange's loss notices tell the minimum bid to win. */
  tellsMinToWin: boolean;
  traits: UserTraits;
  context: ContextFeatures;
  competition: Competition;
  /** This impression's own deviations of the click and conversion logits. */
  clickNoise: number;
  conversionNoise: number;
  /** What the visitor would buy at this opportunity. */
  product: DemoProduct;
}

export interface OutcomeOpportunity extends Opportunity {
  truth: OpportunityTruth;
  /** Products the visitor viewed at the shop just before the request (its tag reports them). */
  views: readonly DemoProduct[];
}

/** The ad an impression shows: the winning bid's campaign and creative, and its size when told. */
export interface AdChoice {
  campaignId: string;
  creativeId: string;
  w?: number;
  h?: number;
}

/** The true probabilities of one impression: ground truth for a learned model and a lift test. */
export interface ImpressionTruth {
  /** The auction's id (the request's). */
  auctionId: string;
  campaignId: string;
  creativeId: string;
  /** `300x250` */
  size: string;
  /** This impression's chance of a click (its noise included). */
  pClick: number;
  /** The same averaged over the noise: what the features alone tell. */
  pClickFromFeatures: number;
  /** The chance of an order after a click (its noise included), and averaged over the noise. */
  pConversion: number;
  pConversionFromFeatures: number;
  /** The chance of an order the ad brings without a click. */
  pViewThrough: number;
  /** The chance of an order without any ad. */
  pOrganic: number;
  /** The chance of an order with this ad: 1 - (1 - organic)(1 - incremental). */
  pOrderExposed: number;
  /** What the exposure adds: pOrderExposed - pOrganic. */
  lift: number;
  /** The product an order would be, and its expected value (price x expected quantity), PLN. */
  productId: string;
  expectedOrderPln: number;
}
