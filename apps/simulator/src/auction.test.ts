import { describe, expect, it } from 'vitest';
import { runAuction } from './auction';

const bids = (...prices: number[]) => prices.map((price, i) => ({ bidder: `b${i}`, price }));

describe('runAuction', () => {
  it('first price: the highest bid wins and pays its bid', () => {
    expect(runAuction(bids(1.2, 3.4, 2.0), 0.5, 'first')).toEqual({ winner: 'b1', clearingPrice: 3.4 });
  });

  it('second price: the winner pays the runner-up plus one cent', () => {
    expect(runAuction(bids(1.2, 3.4, 2.0), 0.5, 'second')).toEqual({ winner: 'b1', clearingPrice: 2.01 });
  });

  it('second price: the floor plus one cent when the runner-up is below it or missing', () => {
    expect(runAuction(bids(3.4, 0.4), 1.5, 'second')).toEqual({ winner: 'b0', clearingPrice: 1.51 });
    expect(runAuction(bids(3.4), 1.5, 'second')).toEqual({ winner: 'b0', clearingPrice: 1.51 });
    expect(runAuction(bids(3.4), 0, 'second')).toEqual({ winner: 'b0', clearingPrice: 0.01 });
  });

  it('second price never charges more than the winning bid', () => {
    expect(runAuction(bids(2.0, 2.0), 0, 'second')).toEqual({ winner: 'b0', clearingPrice: 2.0 });
    expect(runAuction(bids(1.505), 1.5, 'second')).toEqual({ winner: 'b0', clearingPrice: 1.505 });
  });

  it('bids below the floor take no part; without any, nobody wins', () => {
    expect(runAuction(bids(0.9, 1.1), 1.0, 'first')).toEqual({ winner: 'b1', clearingPrice: 1.1 });
    expect(runAuction(bids(0.9, 0.2), 1.0, 'first')).toEqual({ winner: null, clearingPrice: null });
    expect(runAuction([], 0, 'second')).toEqual({ winner: null, clearingPrice: null });
  });

  it('a tie goes to the earlier bid', () => {
    expect(runAuction(bids(2.5, 2.5), 1, 'first').winner).toBe('b0');
  });
});
