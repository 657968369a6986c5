import type { OutcomeWorldOptions } from '@rtb/simulator';
import { positiveInt } from '../print-table';

/** The bench's sizes: opportunities of each stretch of the one world, and the lift tests' worlds. */
export interface OutcomeBenchSettings {
  seed: number;
  /** Bought broadly by the advertiser's earlier campaigns: the models' priors. */
  history: number;
  /** (a) The auctions the campaigns play, each of them all. */
  auctions: number;
  /** (b) The hold-out the models are scored on. */
  heldOut: number;
  /** (c) The opportunities of the shading runs. */
  shadingAuctions: number;
  /** (d) How many lift tests, and the opportunities of each one's world. */
  liftRuns: number;
  liftOpportunities: number;
}

export const DEFAULT_SETTINGS: OutcomeBenchSettings = {
  seed: 1,
  history: 100_000,
  auctions: 200_000,
  heldOut: 50_000,
  shadingAuctions: 100_000,
  liftRuns: 20,
  liftOpportunities: 20_000,
};

export function settingsFromEnv(): OutcomeBenchSettings {
  const d = DEFAULT_SETTINGS;
  return {
    seed: positiveInt('BENCH_SEED', d.seed),
    history: positiveInt('BENCH_HISTORY', d.history),
    auctions: positiveInt('BENCH_AUCTIONS', d.auctions),
    heldOut: positiveInt('BENCH_HELD_OUT', d.heldOut),
    shadingAuctions: positiveInt('BENCH_SHADING_AUCTIONS', d.shadingAuctions),
    liftRuns: positiveInt('BENCH_LIFT_RUNS', d.liftRuns),
    liftOpportunities: positiveInt('BENCH_LIFT_OPPORTUNITIES', d.liftOpportunities),
  };
}

/**
 * Every stretch's world: first price everywhere, so (a) pays its bids and (c) has every auction
 * to shade; rates raised from the world's display defaults (0.0015, 0.005, 0.00005) so that a
 * run of a few hundred thousand auctions sees hundreds of conversions, and organic orders in a
 * lift test are as common as the ones the ads bring.
 */
export const WORLD_OPTIONS: OutcomeWorldOptions = {
  auction: 'first',
  ctr: 0.01,
  cvr: 0.08,
  propensity: 0.001,
};

/** The advertiser's usual price: its earlier campaigns', the max-CPM campaign's and the lift test's. */
export const CPM_MICROS = 1_500_000;
/** The lift tests hold out 10 % of users. */
export const HOLDOUT_BPS = 1_000;
