import type { HiddenEffect } from './hidden-effects';
import { logit } from './logistic';
import type { LogitEffects } from './true-effects';
import type { ContextFeatures, UserTraits } from './types';

/** The ad as the true model reads it. */
export interface AdFeatures {
  campaignId: string;
  creativeId: string;
  /** `300x250` */
  size: string;
}

/**
 * One of the true model's logits without the impression's noise: the intercept plus the declared
 * effects of the context, the visitor's propensity and the ad, plus the hidden effects of its
 * placement, country, exchange, campaign and creative.
 */
export function trueLogit(
  world: { hidden: HiddenEffect; medianPropensity: number },
  model: { name: 'click' | 'conversion'; intercept: number; effects: LogitEffects },
  context: ContextFeatures,
  traits: UserTraits,
  ad: AdFeatures,
): number {
  const { effects } = model;
  const hidden = (kind: keyof LogitEffects['hidden'], value: string) =>
    world.hidden(effects.hidden[kind], model.name, kind, value);
  return (
    model.intercept +
    (effects.size[ad.size] ?? 0) +
    (effects.devicetype[context.devicetype] ?? 0) +
    (context.inApp ? effects.inApp : 0) +
    (effects.os[context.os] ?? 0) +
    effects.hourAmplitude * Math.cos((2 * Math.PI * (context.localHour - effects.hourPeak)) / 24) +
    effects.position[context.position] +
    effects.recency[context.recency] +
    (context.interestMatch ? effects.interestMatch : 0) +
    effects.propensity * (logit(traits.propensity) - logit(world.medianPropensity)) +
    hidden('placement', context.placement) +
    hidden('country', context.country) +
    hidden('exchange', context.exchange) +
    hidden('campaign', ad.campaignId) +
    hidden('creative', ad.creativeId)
  );
}
