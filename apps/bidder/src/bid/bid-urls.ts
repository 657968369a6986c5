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
 * The notice, pixel and click URLs of a bid (the trackers' routes), all with the bid's token. The
 * macros stay literal for the exchange to fill in; the token signs the landing page too, so a
 * click cannot be sent elsewhere. A dynamic banner's bid token names the products it shows (its
 * impression records them), its landing page being the first's; each other product gets a click
 * of its own, signed with that product's key and link: still the bid's token, so its clicks
 * count once per bid. The first product's click is the bid's own (same landing page, first key).
 */
export function bidUrls(
  base: string,
  tokens: BidTokens,
  token: BidToken,
  landingUrl: string,
  products: readonly ShownProduct[] = [],
): BidUrls {
  const t = tokens.sign({
    ...token,
    url: landingUrl,
    ...(products.length ? { prd: products.map((product) => product.key) } : {}),
  });
  const signed = new Map<number, string>();
  const clickOf = (product: ShownProduct, i: number) => {
    if (i === 0 && product.link === landingUrl) return t;
    let own = signed.get(product.key);
    if (own === undefined) {
      own = tokens.sign({ ...token, url: product.link, prd: [product.key] });
      signed.set(product.key, own);
    }
    return own;
  };
  return {
    nurl: `${base}/rtb/win?t=${t}&p=\${AUCTION_PRICE}`,
    burl: `${base}/rtb/bill?t=${t}&p=\${AUCTION_PRICE}`,
    lurl: `${base}/rtb/loss?t=${t}&r=\${AUCTION_LOSS}&p=\${AUCTION_PRICE}`,
    pixel: `${base}/rtb/imp?t=${t}&p=\${AUCTION_PRICE}`,
    click: `${base}/rtb/click?t=${t}`,
    productClicks: products.map((product, i) => `${base}/rtb/click?t=${clickOf(product, i)}`),
  };
}
