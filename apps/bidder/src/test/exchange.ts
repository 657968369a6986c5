import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Bidder } from '../app';

/** A browser's user agent: what a real page's pixel and click requests carry. */
export const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** A plain 300x250 site request from Poland, in PLN (fields replaced by `change`). */
export const siteRequest = (change: Record<string, unknown> = {}) => ({
  id: 'req-1',
  imp: [{ id: '1', banner: { w: 300, h: 250 }, bidfloor: 0.5, bidfloorcur: 'PLN' }],
  site: { domain: 'news.example.pl', page: 'https://news.example.pl/a' },
  device: { devicetype: 2, os: 'Windows', geo: { country: 'POL' } },
  user: { id: 'exchange-user-1' },
  cur: ['PLN'],
  tmax: 500,
  ...change,
});

/** One bid of a response, as the exchange reads it. */
export interface ExchangeBid {
  id: string;
  impid: string;
  /** Our campaign's id. */
  cid: string;
  price: number;
  adm: string;
  nurl: string;
  burl: string;
  lurl: string;
}

/** What an exchange knows of an auction's outcome, for the OpenRTB substitution macros. */
export interface AuctionOutcome {
  /** The clearing price: a CPM in the response's currency, as the exchange writes it ("123.45"). */
  price: string;
  /** Loss reason code (OpenRTB 2.6, 5.25); 0 when the bid won. */
  loss?: number;
  currency?: string;
}

/**
 * A URL or markup with the OpenRTB macros filled in, as an exchange does before calling or
 * serving it (section 4.4 of the specification); unknown macros are left as they are.
 */
export function substituteMacros(text: string, bid: ExchangeBid, outcome: AuctionOutcome): string {
  const values: Record<string, string> = {
    AUCTION_ID: 'auction-1',
    AUCTION_BID_ID: bid.id,
    AUCTION_IMP_ID: bid.impid,
    AUCTION_SEAT_ID: 'seat-1',
    AUCTION_AD_ID: 'ad-1',
    AUCTION_PRICE: outcome.price,
    AUCTION_CURRENCY: outcome.currency ?? 'PLN',
    AUCTION_MBR: '0.1',
    AUCTION_LOSS: String(outcome.loss ?? 0),
    AUCTION_MIN_TO_WIN: outcome.price,
  };
  return text.replace(/\$\{([A-Z_]+)\}/g, (macro, name: string) => values[name] ?? macro);
}

/** An attribute's value as the browser reads it from the markup. */
export const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The impression pixel and click URLs of a bid's markup (image banners: `<a href>` and `<img src>`). */
export function markupUrls(adm: string): { pixel: string; click: string } {
  const pixel = /<img src="([^"]*\/rtb\/imp\?[^"]*)"/.exec(adm)?.[1];
  const click = /<a href="([^"]*\/rtb\/click\?[^"]*)"/.exec(adm)?.[1];
  if (!pixel || !click) throw new Error(`no pixel or click in the markup: ${adm}`);
  return { pixel: unescapeAttribute(pixel), click: unescapeAttribute(click) };
}

/** The path and query of one of our absolute URLs, for `inject`. */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** An exchange's notice (`nurl`, `burl`, `lurl`) of a bid with its macros filled in, answered 200, and folded. */
export async function sendNotice(
  bidder: Pick<Bidder, 'app' | 'folded'>,
  url: string,
  bid: ExchangeBid,
  outcome: AuctionOutcome,
) {
  const res = await bidder.app.inject({ method: 'GET', url: pathOf(substituteMacros(url, bid, outcome)) });
  expect(res.statusCode, res.body).toBe(200);
  // What the notice does to the records and the counters is done by the fold after its answer.
  await bidder.folded();
}

/** Posts a bid request; the bid of a 200 (null for a 204) and the no-bid reason. */
export async function requestBid(
  app: FastifyInstance,
  payload: unknown,
): Promise<{ status: number; reason: string | undefined; bid: ExchangeBid | null }> {
  const res = await app.inject({ method: 'POST', url: '/openrtb2/bid', payload: payload as object });
  const reason = res.headers['x-rtb-reason'] as string | undefined;
  if (res.statusCode !== 200) return { status: res.statusCode, reason, bid: null };
  const [bid] = res.json().seatbid[0].bid as ExchangeBid[];
  expect(bid).toBeDefined();
  return { status: 200, reason, bid: bid as ExchangeBid };
}
