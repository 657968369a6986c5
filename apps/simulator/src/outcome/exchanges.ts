import type { AuctionType } from '../auction';

/** An exchange the world's requests come from: how it runs auctions, what its notices tell. */
export interface SimulatedExchange {
  /** Its domain, as the request's supply chain names it (`source.schain`). */
  domain: string;
  auction: AuctionType;
  /** Whether its loss notices fill `${AUCTION_MIN_TO_WIN}`. */
  tellsMinToWin: boolean;
  /** Its rival bids' level (log of a factor on the median) and spread (sigma of their log). */
  priceLevel: number;
  sigma: number;
}

/**
 * Three exchanges with their share of the requests: most display is sold in first-price
 * auctions now, and not every exchange tells the price to beat.
 */
export const exchangeShares: readonly { weight: number; value: SimulatedExchange }[] = [
  {
    weight: 50,
    value: {
      domain: 'exchange-a.example',
      auction: 'first',
      tellsMinToWin: true,
      priceLevel: 0.1,
      sigma: 0.5,
    },
  },
  {
    weight: 30,
    value: {
      domain: 'exchange-b.example',
      auction: 'first',
      tellsMinToWin: false,
      priceLevel: 0,
      sigma: 0.6,
    },
  },
  {
    weight: 20,
    value: {
      domain: 'exchange-c.example',
      auction: 'second',
      tellsMinToWin: true,
      priceLevel: -0.15,
      sigma: 0.45,
    },
  },
];
