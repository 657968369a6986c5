import type { Random } from '../random';
import { drawQuantity } from './orders';
import type { ImpressionTruth } from './types';

export interface VisitorResponse {
  clicked: boolean;
  ordered: boolean;
  /** The order's value (PLN), 0 without one. */
  orderValuePln: number;
}

/**
 * What the visitor does at an opportunity, with the ad (`exposure`) or without any. The draws
 * come in a fixed order from the opportunity's own stream, the organic order and the quantity
 * first: with and without an ad the visitor makes the same organic choice of the same size, and
 * the ad can only add an order.
 */
export function drawVisitorResponse(
  random: Random,
  pOrganic: number,
  exposure: Pick<ImpressionTruth, 'pClick' | 'pConversion' | 'pViewThrough'> | null,
  productPricePln: number,
): VisitorResponse {
  const organic = random.chance(pOrganic);
  const quantity = drawQuantity(random);
  const clicked = exposure !== null && random.chance(exposure.pClick);
  const afterClick = exposure !== null && clicked && random.chance(exposure.pConversion);
  const viewThrough = exposure !== null && !clicked && random.chance(exposure.pViewThrough);
  const ordered = organic || afterClick || viewThrough;
  return { clicked, ordered, orderValuePln: ordered ? productPricePln * quantity : 0 };
}
