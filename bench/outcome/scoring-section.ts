import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  FEATURE_COUNT,
  FtrlProximal,
  featureIndices,
  type ImpressionFeatures,
  scoreImpression,
} from '@rtb/rtb';
import type { SectionReport } from './section';

/** The models' size in the bidder (`MODEL_BITS`' default). */
const BITS = 20;
const DOMAINS = 5_000;
const DISTINCT = 4_096;

/** Impressions of many domains, hours, creatives and campaigns, as a bidder sees them. */
function impressions(): ImpressionFeatures[] {
  return Array.from({ length: DISTINCT }, (_, i) => ({
    width: i % 3 ? 300 : 728,
    height: i % 3 ? 250 : 90,
    domain: `site-${(i * 7919) % DOMAINS}.example.com`,
    deviceType: i % 2 ? 'mobile' : 'desktop',
    os: i % 2 ? 'android' : 'windows',
    country: i % 5 ? 'PL' : 'DE',
    localHour: i % 24,
    creativeId: 100 + (i % 40),
    campaignId: 10 + (i % 20),
    audienceId: i % 4 ? null : 7,
    lastProductViewAgeSeconds: i % 3 ? null : i * 60,
    adPosition: i % 2 ? 1 : null,
  }));
}

/** Models of the bidder's size with a weight on every feature the impressions have (a trained, dense case). */
function trainedModels(seen: readonly ImpressionFeatures[]) {
  const click = new FtrlProximal({ bits: BITS, l1: 0 });
  const conversion = new FtrlProximal({ bits: BITS, l1: 0 });
  const indices = new Int32Array(FEATURE_COUNT);
  seen.forEach((features, i) => {
    featureIndices(features, BITS, indices);
    click.update(indices, i % 50 === 0);
    conversion.update(indices, i % 7 === 0);
  });
  return { click: click.snapshot(1), conversion: conversion.snapshot(1) };
}

/** Microseconds per call of `work` over `rounds` passes of the impressions (the best of three runs). */
function microsEach(
  all: readonly ImpressionFeatures[],
  rounds: number,
  work: (f: ImpressionFeatures) => number,
) {
  let best = Number.POSITIVE_INFINITY;
  let sink = 0;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1) for (const features of all) sink += work(features);
    best = Math.min(best, ((performance.now() - started) * 1000) / (rounds * all.length));
  }
  if (Number.isNaN(sink)) throw new Error('no score');
  return best;
}

/**
 * (e) What scoring one impression costs the bidder: both models of 2^20 weights, hashing and
 * summing included (`scoreImpression`), against hashing alone (`featureIndices`, the baseline).
 */
export function timedScoringSection(rounds: number): SectionReport {
  const all = impressions();
  const models = trainedModels(all);
  const scratch = new Int32Array(FEATURE_COUNT);
  const hashing = microsEach(all, rounds, (features) => featureIndices(features, BITS, scratch)[0] ?? 0);
  const scoring = microsEach(
    all,
    rounds,
    (features) => scoreImpression(models, features, scratch).clickProbability ?? 0,
  );
  const budget = 1_000; // a millisecond: a twentieth of the bid path's 20 ms network margin
  return {
    title:
      '(e) Scoring cost: one impression scored by the click and conversion models against hashing it alone',
    notes: [
      `${(all.length * rounds).toLocaleString('en-US')} impressions of ${DISTINCT.toLocaleString('en-US')} kinds, models of 2^${BITS} weights each (${BITS} bits, as MODEL_BITS' default), best of 3 runs`,
      `scoring (both models) ${scoring.toFixed(2)} µs an impression; hashing alone ${hashing.toFixed(2)} µs`,
    ],
    columns: ['scored', 'hashed only'],
    rows: [{ figure: 'nanoseconds per impression', unit: 'count', values: [scoring * 1000, hashing * 1000] }],
    loadAverage: loadavg()[0] ?? 0,
    checks: [
      {
        goal: `scoring an impression costs microseconds: under ${budget / 100} µs (${scoring.toFixed(2)} µs)`,
        passed: scoring < budget / 100,
      },
    ],
  };
}
