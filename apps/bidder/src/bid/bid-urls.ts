import type { BidToken, BidTokens } from '../bid-token';

/** Every URL one bid carries, each with the signed token of the bid. */
export interface BidUrls {
  nurl: string;
  burl: string;
  lurl: string;
  pixel: string;
  click: string;
  /** A click leading to each of the bid's product links (a dynamic banner's), in their order. */
  productClicks: string[];
}

/**
 * The notice, pixel and click URLs of a bid (the trackers' routes), all with the bid's token. The
 * macros stay literal for the exchange to fill in; the token signs the landing page too, so a
 * click cannot be sent elsewhere. A dynamic banner's products each get a click of their own,
 * signed with the product's link: still the bid's token, so its clicks count once per bid.
 */
export function bidUrls(
  base: string,
  tokens: BidTokens,
  token: BidToken,
  landingUrl: string,
  productLinks: readonly string[] = [],
): BidUrls {
  const signed = new Map<string, string>();
  const signedFor = (url: string) => {
    let t = signed.get(url);
    if (t === undefined) {
      t = tokens.sign({ ...token, url });
      signed.set(url, t);
    }
    return t;
  };
  const t = signedFor(landingUrl);
  return {
    nurl: `${base}/rtb/win?t=${t}&p=\${AUCTION_PRICE}`,
    burl: `${base}/rtb/bill?t=${t}&p=\${AUCTION_PRICE}`,
    lurl: `${base}/rtb/loss?t=${t}&r=\${AUCTION_LOSS}&p=\${AUCTION_PRICE}`,
    pixel: `${base}/rtb/imp?t=${t}&p=\${AUCTION_PRICE}`,
    click: `${base}/rtb/click?t=${t}`,
    productClicks: productLinks.map((link) => `${base}/rtb/click?t=${signedFor(link)}`),
  };
}
