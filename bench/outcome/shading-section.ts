import { type AuctionOutcome, shadedBid } from '@rtb/rtb';
import type { OutcomeOpportunity, OutcomeWorld } from '@rtb/simulator';
import { BID_CURRENCY, type BidderView, bidderViewOf, featuresOf } from './bidder-view';
import { GOAL_CAMPAIGN, targetCpaBid } from './cpa-section';
import type { OutcomeModels } from './outcome-models';
import { type MultipliedRun, sameWinsRun } from './same-wins';
import { SegmentCurves } from './segment-curves';
import type { ShopVisitors } from './shop-visitors';

/** An auction of the stretch, as every run bids in it. */
interface ShadingAuction {
  opportunity: OutcomeOpportunity;
  auctionType: 1 | 2;
  floorMicros: number;
  /** What the impression is worth at the target CPA (micro-units per impression): the unshaded bid. */
  valueMicros: number;
  /** Finest first: exchange seat, domain and size; exchange and size; exchange. */
  segments: string[];
}

/** What a run of bids won: how many, at what price, and the value it got (micro-units). */
export interface ShadingRun extends MultipliedRun {
  priceMicros: number;
  valueMicros: number;
}

export interface ShadingResult {
  auctions: number;
  shaded: ShadingRun;
  /** The unshaded values times the multiplier that wins as many. */
  sameWins: { multiplier: number; result: ShadingRun; runs: number };
  /** The unshaded values as they are. */
  unshaded: ShadingRun;
  segments: number;
}

function segmentsOf(view: BidderView): string[] {
  const exchange = view.opportunity.request.source.schain?.nodes[0]?.asi ?? 'unknown';
  const size = `${view.size.w}x${view.size.h}`;
  return [`${exchange}|${view.request.inventory.domain ?? ''}|${size}`, `${exchange}|${size}`, exchange];
}

function auctionsOf(
  world: OutcomeWorld,
  visitors: ShopVisitors,
  models: OutcomeModels,
  settings: { auctions: number; targetCpaMicros: number },
): ShadingAuction[] {
  const auctions: ShadingAuction[] = [];
  for (let i = 0; i < settings.auctions; i += 1) {
    const view = bidderViewOf(world.next(), visitors);
    if (!view) continue;
    const valueMicros = targetCpaBid(
      settings.targetCpaMicros,
      models.predict(featuresOf(view, GOAL_CAMPAIGN)),
    );
    // Worth less than the floor: no bid of any run could win it.
    if (valueMicros < Math.max(1, view.floorMicros)) continue;
    auctions.push({
      opportunity: view.opportunity,
      auctionType: view.request.auctionType,
      floorMicros: view.floorMicros,
      valueMicros,
      segments: segmentsOf(view),
    });
  }
  return auctions;
}

/** Bids in every auction (`bidOf`, 0 for none); `learn` hears each auction's notice. */
function play(
  world: OutcomeWorld,
  auctions: readonly ShadingAuction[],
  bidOf: (auction: ShadingAuction) => number,
  learn?: (auction: ShadingAuction, outcome: AuctionOutcome) => void,
): ShadingRun {
  const run: ShadingRun = { wins: 0, priceMicros: 0, valueMicros: 0 };
  for (const auction of auctions) {
    const bidMicros = bidOf(auction);
    if (bidMicros < Math.max(1, auction.floorMicros)) continue;
    const notice = world.auction(auction.opportunity, bidMicros / 1000, BID_CURRENCY);
    if (notice.won) {
      run.wins += 1;
      run.priceMicros += Math.round(notice.clearingPrice * 1000);
      run.valueMicros += auction.valueMicros;
    }
    learn?.(
      auction,
      notice.won
        ? { kind: 'won', bidMicros }
        : {
            kind: 'lost',
            bidMicros,
            minToWinMicros: notice.minToWin === undefined ? null : Math.ceil(notice.minToWin * 1000),
          },
    );
  }
  return run;
}

/**
 * (c) Shading in first-price auctions: the next `auctions`, each worth what the target-CPA
 * campaign's frozen models say at its target. Shaded: `shadedBid` on the impression's segment
 * curve (`SegmentCurves`, learned online from this run's own win and loss notices, with the
 * minimum to win where the exchange tells it). Unshaded: the values times one multiplier, the
 * one that wins as many auctions (`sameWinsRun`), so that the two buy as many impressions.
 */
export function shadingSection(
  world: OutcomeWorld,
  visitors: ShopVisitors,
  models: OutcomeModels,
  settings: { auctions: number; targetCpaMicros: number },
): ShadingResult {
  const auctions = auctionsOf(world, visitors, models, settings);
  const curves = new SegmentCurves();
  const shaded = play(
    world,
    auctions,
    (auction) =>
      shadedBid({
        valueMicros: auction.valueMicros,
        auctionType: auction.auctionType,
        curve: curves.curveFor(auction.segments),
        minWinRate: 0,
        floorMicros: auction.floorMicros,
      }),
    (auction, outcome) => curves.observe(auction.segments, outcome),
  );
  const unshadedAt = (multiplier: number) =>
    play(world, auctions, (auction) => Math.floor(auction.valueMicros * multiplier));
  const unshaded = unshadedAt(1);
  return {
    auctions: auctions.length,
    shaded,
    sameWins: sameWinsRun(
      (multiplier) => (multiplier === 1 ? unshaded : unshadedAt(multiplier)),
      shaded.wins,
    ),
    unshaded,
    segments: curves.size,
  };
}
