import type { BidRequestFacts } from '@rtb/rtb';
import type { BidToken, BidTokens } from '../bid-token';
import type { BidderConfig } from '../config';
import { randomId } from '../random-id';
import { bidUrls } from './bid-urls';
import type { ChosenBid } from './decide';
import { bannerMarkup } from './markup';

/** OpenRTB `mtype` 1: banner. */
const MARKUP_BANNER = 1;

/** CPM in currency units from micro-units per impression (x 1,000 impressions / 1e6). */
const cpmOf = (microsPerImpression: number) => microsPerImpression / 1000;

/** The bid's signed token: everything its notices, pixel and click need, so the trackers keep no state. */
function tokenOf(request: BidRequestFacts, chosen: ChosenBid, now: Date): BidToken {
  const { campaign, banner } = chosen.candidate;
  return {
    bid: chosen.bidId,
    adv: campaign.advertiserId,
    cmp: campaign.id,
    crt: banner.id,
    ts: now.getTime(),
    day: chosen.day,
    cur: chosen.candidate.currency,
    max: chosen.candidate.priceMicros,
    fx: chosen.candidate.fxToAdvertiser.toString(),
    acur: campaign.currency,
    mbps: campaign.marginBps,
    cbps: campaign.commissionBps,
    res: chosen.reserved ? chosen.candidate.maxCostMicros : 0,
    usr: request.user.personalDataAllowed ? request.user.id : null,
    geo: request.device.country,
    dev: request.device.type,
    dom: request.inventory.reportName,
    fq: chosen.frequency?.key ?? null,
    fqx: chosen.frequency ? Math.ceil(chosen.frequency.expiresAtMs / 1000) : 0,
    test: request.test,
  };
}

const json = JSON.stringify;

/**
 * The OpenRTB 2.6 bid response for the chosen bids (all in one currency), as JSON written from a
 * template: no response object is built to be serialised. Strings go through `JSON.stringify`
 * (the request's ids, the markup, the URLs), numbers as JSON writes them.
 */
export function bidResponseJson(
  request: BidRequestFacts,
  chosen: ChosenBid[],
  context: { tokens: BidTokens; config: BidderConfig; now: Date },
): string {
  const { config, tokens, now } = context;
  const bids = chosen.map((c) => {
    const { campaign, banner } = c.candidate;
    // A dynamic banner lands on its first product.
    const landingUrl = c.products[0]?.link ?? banner.landingUrl;
    const urls = bidUrls(
      config.publicUrl,
      tokens,
      tokenOf(request, c, now),
      landingUrl,
      c.products,
      c.bidContext,
    );
    const creative = `${config.assetsUrl}/creatives/${banner.assetKey}/${banner.assetEntry}`;
    const adm = bannerMarkup(
      banner,
      { creative, click: urls.click, pixel: urls.pixel },
      { products: c.products, clicks: urls.productClicks, assetsUrl: config.assetsUrl },
    );
    const adomain = campaign.advertiserDomain ? `"adomain":[${json(campaign.advertiserDomain)}],` : '';
    return (
      `{"id":${json(c.bidId)},"impid":${json(c.imp.id)},"price":${cpmOf(c.candidate.priceMicros)},` +
      `"adm":${json(adm)},"nurl":${json(urls.nurl)},"burl":${json(urls.burl)},"lurl":${json(urls.lurl)},` +
      `${adomain}"crid":"${banner.id}","cid":"${campaign.id}","cat":${json(campaign.categories)},"cattax":1,` +
      `"w":${banner.width},"h":${banner.height},"mtype":${MARKUP_BANNER},"ext":{"advertiserId":${campaign.advertiserId}}}`
    );
  });
  const currency = chosen[0]?.candidate.currency ?? 'USD';
  return `{"id":${json(request.id)},"bidid":${json(randomId(12))},"cur":${json(currency)},"seatbid":[{"bid":[${bids.join(',')}]}]}`;
}
