import { setTimeout as sleep } from 'node:timers/promises';
import { parseAdMarkup } from './adm';
import { browserGet, drain, serverGet } from './browser';
import { floorIn } from './floor';
import {
  errorFailure,
  type Failure,
  isTimeout,
  type PlatformCall,
  statusFailure,
  type TrafficHealthTracker,
} from './health';
import { convert } from './inventory';
import { formatPrice, type MacroValues, substituteMacros } from './macros';
import type { Market } from './market';
import type { Bid, BidRequest, BidResponse } from './openrtb';
import type { Random } from './random';
import type { Opportunity } from './request-generator';
import type { StatsCollector } from './stats';
import type { SimulatedUser } from './users';

/** Share of won ads that the page actually renders (the rest: the visitor left, the slot hid). */
const RENDER_RATE = 0.95;

/** What the exchange's calls to the platform need. */
interface ExchangeCalls {
  bidUrl: string;
  conversionUrl: string;
  /** Each advertiser's shop currency by id (`TrafficOptions.shopCurrencies`). */
  shopCurrencies?: Readonly<Record<number, string>>;
  /** How long a shopper takes from the click to the order. */
  checkoutMs: number;
  /** Aborted when the run stops: shoppers still checking out leave. */
  stopping: AbortSignal;
  /** Overrides the request's tmax as the time to wait for an answer. */
  bidTimeoutMs?: number;
  /** For what happens after the auction besides the market: renders, order ids. */
  random: Random;
  stats: StatsCollector;
  /** Each call to the platform, answered as expected or not. */
  health: TrafficHealthTracker;
  log: (message: string) => void;
}

export interface ExchangeContext<O extends Opportunity> extends ExchangeCalls {
  /** The other buyers in each auction and what visitors do with the ads. */
  market: Market<O>;
}

/** Our bid for the imp, as the exchange accepted it. */
interface AcceptedBid {
  bid: Bid & { impid: string; price: number };
  currency: string;
  macros: MacroValues;
}

/**
 * One opportunity from request to the last tracker: ask the bidder, hold the auction, then the
 * win notice, the render (pixel and billing notice), a click, a conversion; or the loss notice.
 * Never throws: whatever goes wrong is counted by kind.
 */
export async function runOpportunity<O extends Opportunity>(
  ctx: ExchangeContext<O>,
  opportunity: O,
): Promise<void> {
  try {
    const response = await askBidder(ctx, opportunity.request);
    if (!response) return;
    const accepted = acceptedBid(ctx, opportunity.request, response);
    if (!accepted) return;
    await settleAuction(ctx, opportunity, accepted);
  } catch (error) {
    ctx.stats.error('unexpected');
    ctx.log(`unexpected: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function askBidder(ctx: ExchangeCalls, request: BidRequest): Promise<BidResponse | null> {
  const started = performance.now();
  ctx.stats.requestSent();
  try {
    const response = await fetch(ctx.bidUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-openrtb-version': '2.6' },
      body: JSON.stringify(request),
      // An exchange stops waiting at tmax.
      signal: AbortSignal.timeout(ctx.bidTimeoutMs ?? request.tmax),
    });
    if (response.status === 204) {
      ctx.health.ok('bid_request');
      ctx.stats.latency(performance.now() - started);
      ctx.stats.noBid(response.headers.get('x-rtb-reason') ?? 'unspecified');
      await drain(response);
      return null;
    }
    if (response.status !== 200) {
      callFailed(ctx, 'bid_request', ctx.bidUrl, statusFailure(response.status));
      await drain(response);
      return null;
    }
    ctx.health.ok('bid_request');
    const text = await response.text();
    ctx.stats.latency(performance.now() - started);
    try {
      const body: unknown = JSON.parse(text);
      if (body && typeof body === 'object') return body as BidResponse;
    } catch {}
    ctx.stats.error('bid_bad_json');
    return null;
  } catch (error) {
    // An exchange gives up at tmax: a no-bid, not a failure to reach the bidder.
    if (isTimeout(error)) ctx.stats.error('bid_request_timeout');
    else callFailed(ctx, 'bid_request', ctx.bidUrl, errorFailure(error));
    return null;
  }
}

/** The highest well-formed bid for the imp in an accepted currency; a bad answer is counted. */
function acceptedBid(ctx: ExchangeCalls, request: BidRequest, response: BidResponse): AcceptedBid | null {
  const imp = request.imp[0];
  const seats = Array.isArray(response.seatbid) ? response.seatbid : [];
  let best: { bid: AcceptedBid['bid']; seat: string } | null = null;
  for (const seat of seats)
    for (const bid of Array.isArray(seat?.bid) ? seat.bid : []) {
      if (!bid || bid.impid !== imp?.id || typeof bid.price !== 'number' || !(bid.price > 0)) continue;
      if (!best || bid.price > best.bid.price)
        best = { bid: bid as AcceptedBid['bid'], seat: typeof seat.seat === 'string' ? seat.seat : '' };
    }
  if (!best) {
    ctx.stats.error('bid_without_valid_bid');
    return null;
  }
  ctx.stats.counts.bids += 1;
  const currency = typeof response.cur === 'string' && response.cur ? response.cur : 'USD';
  if (!request.cur.includes(currency) || convert(1, currency, 'USD') === null) {
    ctx.stats.error('bid_currency_not_accepted');
    return null;
  }
  return {
    bid: best.bid,
    currency,
    macros: {
      AUCTION_ID: request.id,
      AUCTION_BID_ID: typeof response.bidid === 'string' ? response.bidid : '',
      AUCTION_IMP_ID: best.bid.impid,
      AUCTION_SEAT_ID: best.seat,
      AUCTION_AD_ID: typeof best.bid.adid === 'string' ? best.bid.adid : '',
      AUCTION_CURRENCY: currency,
    },
  };
}

async function settleAuction<O extends Opportunity>(
  ctx: ExchangeContext<O>,
  opportunity: O,
  accepted: AcceptedBid,
) {
  const { bid, currency } = accepted;
  const { request, user } = opportunity;
  const outcome = ctx.market.auction(opportunity, bid.price, currency);

  if (!outcome.won) {
    ctx.stats.counts.losses += 1;
    if (bid.lurl)
      await notice(ctx, 'loss_notice', bid.lurl, {
        ...accepted.macros,
        AUCTION_LOSS: String(outcome.lossReason),
        AUCTION_PRICE: formatPrice(outcome.clearingPrice ?? floorIn(request, currency)),
        ...(outcome.minToWin !== undefined ? { AUCTION_MIN_TO_WIN: formatPrice(outcome.minToWin) } : {}),
      });
    return;
  }

  ctx.stats.counts.wins += 1;
  const macros = { ...accepted.macros, AUCTION_PRICE: formatPrice(outcome.clearingPrice) };
  let markup = typeof bid.adm === 'string' && bid.adm ? bid.adm : null;
  if (bid.nurl) {
    const served = await notice(ctx, 'win_notice', bid.nurl, macros);
    // "Ad served on win notice": without adm, the win notice's answer is the markup.
    if (!markup && served) markup = served;
  }
  if (!ctx.random.chance(RENDER_RATE)) return;
  if (!markup) {
    ctx.stats.error('win_without_markup');
    return;
  }
  const links = parseAdMarkup(substituteMacros(markup, macros));
  if (!links.impressionUrl) {
    ctx.stats.error('markup_without_pixel');
    return;
  }
  if (!(await browserHit(ctx, 'impression', links.impressionUrl, user))) return;
  ctx.stats.counts.impressions += 1;
  if (bid.burl) await notice(ctx, 'billing_notice', bid.burl, macros);
  ctx.stats.spent(currency, Math.round(outcome.clearingPrice * 1000));

  const engagement = ctx.market.engage(opportunity, {
    campaignId: bid.cid ?? '',
    creativeId: bid.crid ?? '',
    w: bid.w,
    h: bid.h,
    clearingPrice: outcome.clearingPrice,
    currency,
  });
  if (engagement.clicks) {
    if (!links.clickUrl) ctx.stats.error('markup_without_click_url');
    else if (await click(ctx, links.clickUrl, user)) {
      if (engagement.ordersAfterClick && (await checkedOut(ctx)))
        await conversion(ctx, bid, user, engagement.orderValuePln);
      return;
    }
  }
  if (engagement.ordersWithoutClick) await conversion(ctx, bid, user, engagement.orderValuePln);
}

/** The shopper's time from the click to the order; false when the run stops first (the shopper leaves). */
async function checkedOut(ctx: ExchangeCalls): Promise<boolean> {
  if (ctx.checkoutMs <= 0) return true;
  try {
    await sleep(ctx.checkoutMs, undefined, { signal: ctx.stopping });
    return true;
  } catch {
    return false;
  }
}

/** An exchange-side notice; returns the answer's body when it was a 2xx. */
async function notice(ctx: ExchangeCalls, what: PlatformCall, template: string, macros: MacroValues) {
  const url = substituteMacros(template, macros);
  try {
    const response = await serverGet(url);
    if (isSuccess(response.status)) {
      ctx.health.ok(what);
      return await response.text();
    }
    callFailed(ctx, what, url, statusFailure(response.status));
    await drain(response);
  } catch (error) {
    callFailed(ctx, what, url, errorFailure(error));
  }
  return null;
}

/** A request from the visitor's browser; true when it answered 2xx. */
async function browserHit(ctx: ExchangeCalls, what: PlatformCall, url: string, user: SimulatedUser) {
  try {
    const response = await browserGet(url, user);
    await drain(response);
    if (isSuccess(response.status)) {
      ctx.health.ok(what);
      return true;
    }
    callFailed(ctx, what, url, statusFailure(response.status));
  } catch (error) {
    callFailed(ctx, what, url, errorFailure(error));
  }
  return false;
}

/** A click must redirect (to the landing page, which the simulator does not visit). */
async function click(ctx: ExchangeCalls, url: string, user: SimulatedUser): Promise<boolean> {
  try {
    const response = await browserGet(url, user);
    await drain(response);
    if (response.status === 302 && response.headers.get('location')) {
      ctx.health.ok('click');
      ctx.stats.counts.clicks += 1;
      return true;
    }
    callFailed(ctx, 'click', url, statusFailure(response.status));
  } catch (error) {
    callFailed(ctx, 'click', url, errorFailure(error));
  }
  return false;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/** Counted by kind and status (or timeout, or no answer), and kept with its reason in the health. */
function callFailed(ctx: ExchangeCalls, what: PlatformCall, url: string, failure: Failure): void {
  const kind =
    failure.status !== null ? `http_${failure.status}` : failure.cause === 'timeout' ? 'timeout' : 'failed';
  ctx.stats.error(`${what}_${kind}`);
  ctx.health.failed(what, url, failure);
}

/** The shop's conversion tag, fired from the visitor's browser; needs the bid's advertiser id. */
async function conversion(
  ctx: ExchangeCalls,
  bid: Bid,
  user: SimulatedUser,
  valuePln: number,
): Promise<void> {
  const advertiserId = bid.ext?.advertiserId;
  if (advertiserId === undefined || advertiserId === null || advertiserId === '') return;
  // The shop reports in its own currency; one not known gets the PLN amount, its currency left
  // for the platform to take as the advertiser's.
  const currency = ctx.shopCurrencies?.[Number(advertiserId)];
  const value = convert(valuePln, 'PLN', currency ?? 'PLN') ?? 0;
  const url = new URL(ctx.conversionUrl);
  url.searchParams.set('adv', String(advertiserId));
  url.searchParams.set('order', `ORD-${ctx.random.hex(12).toUpperCase()}`);
  url.searchParams.set('value', value.toFixed(2));
  if (currency) url.searchParams.set('currency', currency);
  if (await browserHit(ctx, 'conversion', url.toString(), user)) ctx.stats.counts.conversions += 1;
}
