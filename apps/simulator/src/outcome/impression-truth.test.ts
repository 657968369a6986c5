import { beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { sigmoid } from './logistic';
import { meanOverNoise } from './noise-average';
import type { ImpressionTruth, OutcomeOpportunity } from './types';
import { createOutcomeWorld } from './world';

interface Served {
  opportunity: OutcomeOpportunity;
  truth: ImpressionTruth;
  clicked: boolean;
  ordered: boolean;
}

/** Every opportunity served, with one of three campaigns, at rates high enough to count in a test. */
function serveAll(count: number): Served[] {
  const world = createOutcomeWorld(2024, { ctr: 0.2, cvr: 0.3, propensity: 0.001, stepMs: 30_000 });
  return Array.from({ length: count }, (_, i) => {
    const opportunity = world.next();
    const campaignId = String(i % 3);
    const served = world.engage(opportunity, {
      campaignId,
      creativeId: `creative-${campaignId}`,
      clearingPrice: 1,
      currency: 'USD',
    });
    return {
      opportunity,
      truth: served.truth,
      clicked: served.clicks,
      ordered: served.ordersAfterClick || served.ordersWithoutClick,
    };
  });
}

/** Drawn and expected counts agree within four standard deviations of their sum. */
function expectWithinNoise(events: readonly { happened: boolean; p: number }[]) {
  const drawn = events.filter((e) => e.happened).length;
  const expected = events.reduce((sum, e) => sum + e.p, 0);
  const sd = Math.sqrt(events.reduce((sum, e) => sum + e.p * (1 - e.p), 0));
  expect(Math.abs(drawn - expected), `${drawn} drawn, ${expected.toFixed(1)} expected`).toBeLessThan(4 * sd);
}

describe('the true model', () => {
  let served: Served[];
  let clicked: Served[];
  beforeAll(() => {
    served = serveAll(20_000);
    clicked = served.filter((s) => s.clicked);
  });

  it('clicks at the declared probability, overall and in each segment', () => {
    expectWithinNoise(served.map((s) => ({ happened: s.clicked, p: s.truth.pClick })));
    const segments = new Map<string, Served[]>();
    for (const s of served) {
      const { context } = s.opportunity.truth;
      for (const key of [
        `recency ${context.recency}`,
        `device ${context.devicetype}`,
        `campaign ${s.truth.campaignId}`,
      ]) {
        const segment = segments.get(key) ?? [];
        segment.push(s);
        segments.set(key, segment);
      }
    }
    const counted = [...segments.values()].filter((segment) => segment.length >= 500);
    expect(counted.length).toBeGreaterThanOrEqual(8);
    for (const segment of counted)
      expectWithinNoise(segment.map((s) => ({ happened: s.clicked, p: s.truth.pClick })));
  });

  it('orders after a click at the declared probability (with the organic order beside it)', () => {
    expect(clicked.length).toBeGreaterThan(1000);
    expectWithinNoise(
      clicked.map((s) => ({
        happened: s.ordered,
        p: 1 - (1 - s.truth.pOrganic) * (1 - s.truth.pConversion),
      })),
    );
  });

  it('has effects a model can learn: recent product viewers click and buy more than the others', () => {
    const ctrOf = (recency: string) => {
      const segment = served.filter((s) => s.opportunity.truth.context.recency === recency);
      return segment.filter((s) => s.clicked).length / segment.length;
    };
    expect(ctrOf('hour') + ctrOf('day')).toBeGreaterThan(1.5 * 2 * ctrOf('never'));
    const cvrOf = (recent: boolean) => {
      const segment = clicked.filter((s) => (s.opportunity.truth.context.recency !== 'never') === recent);
      return segment.filter((s) => s.ordered).length / segment.length;
    };
    expect(cvrOf(true)).toBeGreaterThan(1.5 * cvrOf(false));
  });

  it('gives, averaged over the noise, what the features tell: on the whole as many clicks', () => {
    const sum = (f: (s: Served) => number) => served.reduce((total, s) => total + f(s), 0);
    expect(sum((s) => s.truth.pClickFromFeatures) / sum((s) => s.truth.pClick)).toBeCloseTo(1, 1);
    expect(sum((s) => s.truth.pConversionFromFeatures) / sum((s) => s.truth.pConversion)).toBeCloseTo(1, 1);
  });

  it('answers the same truth for the same opportunity and ad, another for another ad', () => {
    const world = createOutcomeWorld(11);
    const opportunity = world.next();
    const ad = { campaignId: '1', creativeId: '2', w: 300, h: 250 };
    expect(world.truthOf(opportunity, ad)).toEqual(world.truthOf(opportunity, { ...ad }));
    expect(world.truthOf(opportunity, { ...ad, creativeId: '3' }).pClick).not.toBe(
      world.truthOf(opportunity, ad).pClick,
    );
  });
});

describe('meanOverNoise', () => {
  it('is the mean of the logistic over normal noise', () => {
    const random = createRandom(99);
    for (const [logit, sigma] of [
      [-5, 0.3],
      [-2, 1],
      [0, 0.5],
      [1.5, 2],
    ] as const) {
      let sum = 0;
      const draws = 200_000;
      for (let i = 0; i < draws; i++) sum += sigmoid(logit + random.normal(0, sigma));
      expect(meanOverNoise(logit, sigma)).toBeCloseTo(sum / draws, 3);
    }
    expect(meanOverNoise(-3, 0)).toBeCloseTo(sigmoid(-3), 12);
  });
});
