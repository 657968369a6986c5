import {
  FEATURE_COUNT,
  FtrlProximal,
  type FtrlSettings,
  featureIndices,
  type ImpressionFeatures,
  type ImpressionPredictions,
} from '@rtb/rtb';
import type { ServedImpression } from '@rtb/simulator';

/** 2^18 buckets: a few thousand placements, sizes, campaigns and creatives with few collisions. */
const BITS = 18;

/**
 * The click model (P(click | impression)) and the conversion model (P(order | click)), trained
 * one impression at a time: every impression teaches the click model, every click the
 * conversion model.
 */
export class OutcomeModels {
  readonly click: FtrlProximal;
  readonly conversion: FtrlProximal;
  /** Reused for every impression: scoring allocates nothing. */
  private readonly indices = new Int32Array(FEATURE_COUNT);

  constructor(settings: Partial<Omit<FtrlSettings, 'bits'>> = {}) {
    this.click = new FtrlProximal({ ...settings, bits: BITS });
    this.conversion = new FtrlProximal({ ...settings, bits: BITS });
  }

  /** Another pair that starts where these are and learns apart from them. */
  copy(): OutcomeModels {
    const copy = new OutcomeModels(this.click.settings);
    for (const [from, to] of [
      [this.click, copy.click],
      [this.conversion, copy.conversion],
    ] as const) {
      to.z.set(from.z);
      to.n.set(from.n);
    }
    return copy;
  }

  /** Both probabilities of an impression (an order's value is not the bench's concern: 0). */
  predict(features: ImpressionFeatures): ImpressionPredictions {
    const indices = featureIndices(features, BITS, this.indices);
    return {
      clickProbability: this.click.predict(indices),
      conversionProbability: this.conversion.predict(indices),
      orderValueMicros: 0,
    };
  }

  /** Learns what the visitor did with a shown impression: a click or not; after a click, an order or not. */
  learn(features: ImpressionFeatures, served: Pick<ServedImpression, 'clicks' | 'ordersAfterClick'>): void {
    const indices = featureIndices(features, BITS, this.indices);
    this.click.update(indices, served.clicks);
    if (served.clicks) this.conversion.update(indices, served.ordersAfterClick);
  }
}
