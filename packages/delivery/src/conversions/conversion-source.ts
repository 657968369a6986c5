import type { ConversionSource } from '@rtb/shared';

/** The delivery sources a conversion is recorded with, by where it came from (the pixel's is `conversion`). */
const deliverySourceOf = { pixel: 'conversion', tag: 'tag', postback: 'postback' } as const;

/** What the browser sends: bounded and checked, unlike the shop server's signed postback. */
export const BROWSER_DELIVERY_SOURCES: readonly string[] = [deliverySourceOf.pixel, deliverySourceOf.tag];

/** Where a conversion recorded with this delivery source came from; null for a source no conversion has. */
export function conversionSourceOf(deliverySource: string | null): ConversionSource | null {
  const found = Object.entries(deliverySourceOf).find(([, source]) => source === deliverySource);
  return found ? (found[0] as ConversionSource) : null;
}
