import type { Recency } from './types';

/**
 * One logit's declared effects (log-odds added to the intercept). Named values have their own
 * effect; placements, countries, exchanges, campaigns and creatives each get a hidden one, drawn
 * from N(0, hidden[kind]) once per world seed.
 */
export interface LogitEffects {
  size: Readonly<Record<string, number>>;
  devicetype: Readonly<Record<number, number>>;
  inApp: number;
  os: Readonly<Record<string, number>>;
  /** A daily wave in the visitor's local time: amplitude x cos(2 pi (hour - peak) / 24). */
  hourAmplitude: number;
  hourPeak: number;
  position: Readonly<Record<'above' | 'below', number>>;
  recency: Readonly<Record<Recency, number>>;
  interestMatch: number;
  /** Times the visitor's propensity in log-odds over the median visitor's. */
  propensity: number;
  hidden: Readonly<Record<'placement' | 'country' | 'exchange' | 'campaign' | 'creative', number>>;
  /** The standard deviation of each impression's own noise. */
  noise: number;
}

/** P(click | impression): big and high slots, phones (and fat fingers in apps), evenings, recent viewers. */
export const clickEffects: LogitEffects = {
  size: {
    '300x250': 0,
    '728x90': -0.3,
    '320x50': -0.4,
    '300x600': 0.3,
    '160x600': -0.2,
    '970x250': 0.2,
    '336x280': 0.05,
    '320x100': -0.1,
    '468x60': -0.5,
    '970x90': -0.3,
    '300x50': -0.5,
    '120x600': -0.4,
  },
  devicetype: { 2: 0, 4: 0.15, 5: 0.05 },
  inApp: 0.3,
  os: { Windows: 0, macOS: -0.05, Linux: -0.2, 'Chrome OS': -0.1, Android: 0.1, iOS: 0 },
  hourAmplitude: 0.3,
  hourPeak: 20,
  position: { above: 0.3, below: -0.2 },
  recency: { never: 0, hour: 1.0, day: 0.7, week: 0.4, older: 0.1 },
  interestMatch: 0.2,
  propensity: 0.3,
  hidden: { placement: 0.3, country: 0.15, exchange: 0.1, campaign: 0.2, creative: 0.3 },
  noise: 0.3,
};

/** P(order | click): desktops, Apple users, recent viewers and keen buyers; accidental app clicks rarely buy. */
export const conversionEffects: LogitEffects = {
  size: {},
  devicetype: { 2: 0.2, 4: -0.2, 5: 0 },
  inApp: -0.4,
  os: { Windows: 0, macOS: 0.15, Linux: 0, 'Chrome OS': -0.1, Android: -0.05, iOS: 0.1 },
  hourAmplitude: 0.15,
  hourPeak: 21,
  position: { above: 0, below: 0 },
  recency: { never: 0, hour: 1.4, day: 1.0, week: 0.6, older: 0.2 },
  interestMatch: 0.1,
  propensity: 1,
  hidden: { placement: 0.15, country: 0.1, exchange: 0, campaign: 0.2, creative: 0.1 },
  noise: 0.3,
};

/** Until when a last product view counts as each recency (ms). */
export const recencyLimits: readonly { recency: Recency; withinMs: number }[] = [
  { recency: 'hour', withinMs: 3_600_000 },
  { recency: 'day', withinMs: 86_400_000 },
  { recency: 'week', withinMs: 7 * 86_400_000 },
];

/** Placement categories (IAB) and the product categories whose fans they attract. */
export const interestsOfCategory: Readonly<Record<string, readonly string[]>> = {
  IAB18: ['Clothing', 'Shoes', 'Bags'],
  IAB10: ['Home'],
  IAB8: ['Home'],
  IAB22: ['Clothing', 'Shoes', 'Home', 'Bags'],
};
