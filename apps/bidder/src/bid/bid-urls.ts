import type { BidToken, BidTokens } from '../bid-token';

/** Every URL one bid carries, each with the signed token of the bid. */
export interface BidUrls {
  nurl: string;
  burl: string;
  lurl: string;
  pixel: string;
  click: string;
}

/**
 * The notice, pixel and click URLs of a bid (the trackers' routes), all with one token. The
 * macros stay literal for the exchange to fill in; the token signs the landing page too, so a
 * click cannot be sent elsewhere.
 */
export function bidUrls(base: string, tokens: BidTokens, token: BidToken, landingUrl: string): BidUrls {
  const t = tokens.sign({ ...token, url: landingUrl });
  return {
    nurl: `${base}/rtb/win?t=${t}&p=\${AUCTION_PRICE}`,
    burl: `${base}/rtb/bill?t=${t}&p=\${AUCTION_PRICE}`,
    lurl: `${base}/rtb/loss?t=${t}&r=\${AUCTION_LOSS}&p=\${AUCTION_PRICE}`,
    pixel: `${base}/rtb/imp?t=${t}&p=\${AUCTION_PRICE}`,
    click: `${base}/rtb/click?t=${t}`,
  };
}
