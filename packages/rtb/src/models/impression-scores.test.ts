import { describe, expect, it } from 'vitest';
import { visitorAudienceId } from '../audiences/membership';
import { emptyProfile } from '../audiences/profile';
import { biasIndex, modelDimension } from './dimension';
import type { ImpressionFeatures } from './features';
import { featureIndices } from './features';
import { NO_MODELS, predictionsOf, scoreImpression } from './impression-scores';
import { modelSnapshot } from './snapshot';

const features: ImpressionFeatures = {
  width: 300,
  height: 250,
  domain: 'news.example.com',
  deviceType: 'mobile',
  os: 'android',
  country: 'PL',
  localHour: 20,
  creativeId: 3,
  campaignId: 4,
  audienceId: null,
  lastProductViewAgeSeconds: null,
  adPosition: null,
};
const priors = { clickProbability: 0.002, conversionProbability: 0.01, orderValueMicros: 80_000_000 };

/** A model of `bits` that predicts sigmoid(bias + the domain's weight). */
function model(version: number, bits: number, bias: number, domainWeight = 0) {
  const weights = new Float32Array(modelDimension(bits));
  weights[biasIndex(bits)] = bias;
  weights[featureIndices(features, bits)[1] ?? 0] = domainWeight;
  return modelSnapshot(version, bits, weights);
}

describe('scoreImpression', () => {
  it('scores with each published model at its own bits, and names their versions', () => {
    const scores = scoreImpression({ click: model(7, 12, -4, 1), conversion: model(2, 16, 0) }, features);
    expect(scores.clickProbability).toBeCloseTo(1 / (1 + Math.exp(3)), 6);
    expect(scores.conversionProbability).toBeCloseTo(0.5, 6);
    expect(scores).toMatchObject({ clickVersion: 7, conversionVersion: 2 });
  });

  it('leaves to the priors what no model predicts; the order value is always theirs', () => {
    const none = scoreImpression(NO_MODELS, features);
    expect(none).toEqual({
      clickProbability: null,
      conversionProbability: null,
      clickVersion: null,
      conversionVersion: null,
    });
    expect(predictionsOf(none, priors)).toEqual(priors);
    const clickOnly = scoreImpression({ click: model(1, 8, 0), conversion: null }, features);
    expect(predictionsOf(clickOnly, priors)).toEqual({ ...priors, clickProbability: 0.5 });
  });
});

describe('visitorAudienceId', () => {
  const audience = (id: number, rule: 'all_visitors' | 'cart_abandoners') => ({
    id,
    rule,
    productType: null,
    lookbackDays: 30,
  });
  it('is the first of the campaign’s audiences the visitor is in', () => {
    const now = Date.UTC(2026, 5, 10);
    const visitor = { ...emptyProfile(), lastEventAt: now - 1000 };
    expect(
      visitorAudienceId([audience(5, 'cart_abandoners'), audience(6, 'all_visitors')], visitor, now),
    ).toBe(6);
    expect(visitorAudienceId([audience(5, 'cart_abandoners')], visitor, now)).toBeNull();
    expect(visitorAudienceId(null, visitor, now)).toBeNull();
    expect(visitorAudienceId([audience(6, 'all_visitors')], null, now)).toBeNull();
  });
});
