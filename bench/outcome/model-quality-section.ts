import { areaUnderCurve, logLoss, type ScoredExamples } from '@rtb/rtb';
import type { OutcomeWorld } from '@rtb/simulator';
import { adOf, BID_CURRENCY, bidderViewOf, featuresOf } from './bidder-view';
import { GOAL_CAMPAIGN } from './cpa-section';
import type { OutcomeModels } from './outcome-models';
import type { ShopVisitors } from './shop-visitors';

/** A model's scores on the hold-out; AUC null without both a positive and a negative. */
export interface Scores {
  auc: number | null;
  logLoss: number;
}

/** One model against the truth (the ceiling) and a constant at the hold-out's rate (the floor). */
export interface ModelComparison {
  examples: number;
  positives: number;
  learned: Scores;
  truth: Scores;
  constant: Scores;
}

export interface ModelQualityResult {
  click: ModelComparison;
  /** P(order | click), on the hold-out's clicks. */
  conversion: ModelComparison;
}

/** Predictions of the learned model and of the truth, and what happened. */
class HoldOut {
  readonly learned: number[] = [];
  readonly truth: number[] = [];
  readonly labels: number[] = [];

  add(learned: number, truth: number, positive: boolean): void {
    this.learned.push(learned);
    this.truth.push(truth);
    this.labels.push(positive ? 1 : 0);
  }

  compare(): ModelComparison {
    const { labels } = this;
    const positives = labels.reduce((sum, label) => sum + label, 0);
    const rate = labels.length ? positives / labels.length : 0;
    const scores = (predictions: ArrayLike<number>): Scores => {
      const examples: ScoredExamples = { predictions, labels };
      return { auc: areaUnderCurve(examples), logLoss: logLoss(examples) };
    };
    return {
      examples: labels.length,
      positives,
      learned: scores(this.learned),
      truth: scores(this.truth),
      constant: scores(new Float64Array(labels.length).fill(rate)),
    };
  }
}

/**
 * (b) The target-CPA campaign's models, frozen, on the next `opportunities` (which they never
 * trained on), each shown with its creative: the click model on every impression, the
 * conversion model on every click, against the world's true probabilities averaged over each
 * impression's own noise (`pClickFromFeatures`, `pConversionFromFeatures`: they know the
 * visitor's traits too, a ceiling no model of the bidder's features passes) and a constant at
 * the hold-out's own rate (the floor).
 */
export function modelQualitySection(
  world: OutcomeWorld,
  visitors: ShopVisitors,
  models: OutcomeModels,
  opportunities: number,
): ModelQualityResult {
  const click = new HoldOut();
  const conversion = new HoldOut();
  for (let i = 0; i < opportunities; i += 1) {
    const view = bidderViewOf(world.next(), visitors);
    if (!view) continue;
    const predictions = models.predict(featuresOf(view, GOAL_CAMPAIGN));
    const served = world.engage(view.opportunity, {
      ...adOf(view, GOAL_CAMPAIGN),
      clearingPrice: 0,
      currency: BID_CURRENCY,
    });
    click.add(predictions.clickProbability, served.truth.pClickFromFeatures, served.clicks);
    if (served.clicks)
      conversion.add(
        predictions.conversionProbability,
        served.truth.pConversionFromFeatures,
        served.ordersAfterClick,
      );
  }
  return { click: click.compare(), conversion: conversion.compare() };
}
