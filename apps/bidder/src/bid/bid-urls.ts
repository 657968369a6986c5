import type { ImpressionBidContext } from '@rtb/delivery';
import type { BidToken, BidTokens } from '../bid-token';

/** Every URL one bid carries, each with the signed token of the bid. */
export interface BidUrls {
  nurl: string;
  burl: string;
  lurl: string;
  pixel: string;
  click: string;
  /** A click leading to each of the bid's products (a dynamic banner's), in their order. */
  productClicks: string[];
}

/** A product a dynamic banner shows: our key of it and its page. */
export interface ShownProduct {
  key: number;
  link: string;
}

/**
 * The notice, pixel and click URLs of a bid (the trackers' routes). The notices, which the
 * exchange calls server to server, carry the bid's notice token (`use: 'n'`) and the price macro;
 * the pixel and the clicks, which are in the ad markup for anyone to read, carry its browser token
 * (`use: 'b'`) and no price, so neither can set a cost or free a reservation. The macros stay
 * literal for the exchange to fill in. The browser token signs the landing page too, so a click
 * cannot be sent elsewhere. A dynamic banner's tokens name the products it shows (its impression
 * records them), its landing page being the first's; each other product gets a click of its own,
 * signed with that product's key and link: still the bid's, so its clicks count once per bid. The
 * first product's click is the bid's own (same landing page, first key). The notice token carries
 * the impression's context (`ctx`), which its billing notice's event records.
 */
export function bidUrls(
  base: string,
  tokens: BidTokens,
  token: BidToken,
  landingUrl: string,
  products: readonly ShownProduct[] = [],
  context?: ImpressionBidContext,
): BidUrls {
  const shown = products.length ? { prd: products.map((product) => product.key) } : {};
  const signOwn = tokens.signer(token);
  const notice = signOwn({ ...shown, ...(context ? { ctx: context } : {}), use: 'n' });
  const browser = signOwn({ ...shown, url: landingUrl, use: 'b' });
  const signed = new Map<number, string>();
  const clickOf = (product: ShownProduct, i: number) => {
    if (i === 0 && product.link === landingUrl) return browser;
    let own = signed.get(product.key);
    if (own === undefined) {
      own = signOwn({ url: product.link, prd: [product.key], use: 'b' });
      signed.set(product.key, own);
    }
    return own;
  };
  return {
    nurl: `${base}/rtb/win?t=${notice}&p=\${AUCTION_PRICE}`,
    burl: `${base}/rtb/bill?t=${notice}&p=\${AUCTION_PRICE}`,
    lurl: `${base}/rtb/loss?t=${notice}&r=\${AUCTION_LOSS}&p=\${AUCTION_PRICE}&m=\${AUCTION_MIN_TO_WIN}`,
    pixel: `${base}/rtb/imp?t=${browser}`,
    click: `${base}/rtb/click?t=${browser}`,
    productClicks: products.map((product, i) => `${base}/rtb/click?t=${clickOf(product, i)}`),
  };
}
