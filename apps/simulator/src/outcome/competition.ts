import type { Random } from '../random';
import type { SimulatedExchange } from './exchanges';
import type { HiddenEffect } from './hidden-effects';
import { roundMicros } from './micros';
import { clickEffects } from './true-effects';
import type { Competition, ContextFeatures } from './types';

/** The median highest rival bid (USD CPM) where every effect is 0. */
const MEDIAN_USD = 0.7;
/** Chance that no other buyer bids at all. */
const NO_RIVAL = 0.05;
const sizeLevel: Readonly<Record<string, number>> = {
  '300x600': 0.3,
  '970x250': 0.3,
  '336x280': 0.05,
  '728x90': -0.05,
  '160x600': -0.15,
  '320x50': -0.3,
  '300x50': -0.35,
  '468x60': -0.4,
  '120x600': -0.3,
};
const countryLevel: Readonly<Record<string, number>> = {
  USA: 0.4,
  GBR: 0.3,
  DEU: 0.25,
  NLD: 0.2,
  AUT: 0.15,
  FRA: 0.15,
  ESP: 0,
  POL: -0.2,
  CZE: -0.25,
  SVK: -0.3,
};
const positionLevel = { above: 0.15, below: -0.1 } as const;
/** Rivals retarget too: they pay more for a recent viewer, this much of its click effect. */
const RECENCY_SHARE = 0.4;
/** Each placement's own price level: N(0, this) in log. */
const PLACEMENT_SPREAD = 0.2;

/**
 * The other buyers' highest bid in this opportunity's segment (exchange, placement, size,
 * position, country, recency), log-normal: its median moves with the size, the country, the position, the
 * placement and the visitor's recent product views (rivals retarget too).
 */
export function competitionOf(
  hidden: HiddenEffect,
  exchange: SimulatedExchange,
  context: ContextFeatures,
): Omit<Competition, 'highestUsd'> {
  const placement = hidden(PLACEMENT_SPREAD, 'rivals', context.placement);
  return {
    segment: [
      exchange.domain,
      context.placement,
      context.slotSize,
      context.position,
      context.country,
      context.recency,
    ].join('|'),
    mu:
      Math.log(MEDIAN_USD) +
      exchange.priceLevel +
      (sizeLevel[context.slotSize] ?? 0) +
      (countryLevel[context.country] ?? 0) +
      positionLevel[context.position] +
      RECENCY_SHARE * clickEffects.recency[context.recency] +
      placement,
    sigma: exchange.sigma,
    pNone: NO_RIVAL,
  };
}

/** This auction's highest rival bid (USD CPM, whole micro-units), or null when nobody else bids. */
export function drawHighestRival(
  random: Random,
  competition: Omit<Competition, 'highestUsd'>,
): number | null {
  if (random.chance(competition.pNone)) return null;
  return Math.max(1e-6, roundMicros(random.logNormal(competition.mu, competition.sigma)));
}
