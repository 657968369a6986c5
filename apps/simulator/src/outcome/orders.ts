import type { DemoProduct } from '../demo-shop';
import type { Random } from '../random';
import { productsOfInterest } from './shop-browsing';
import type { UserTraits } from './types';

/** How many of the product an order has. */
const quantities: readonly { value: number; weight: number }[] = [
  { value: 1, weight: 80 },
  { value: 2, weight: 15 },
  { value: 3, weight: 5 },
];
const EXPECTED_QUANTITY = quantities.reduce((sum, q) => sum + q.value * q.weight, 0) / 100;
/** Chance that a visitor who viewed a product within the week buys that one. */
const BUYS_LAST_VIEWED = 0.7;

/** What the visitor would buy: mostly the product viewed last (within the week), else one of its interests. */
export function drawOrderProduct(
  random: Random,
  traits: UserTraits,
  lastViewed: DemoProduct | null,
): DemoProduct {
  if (lastViewed && random.chance(BUYS_LAST_VIEWED)) return lastViewed;
  return random.pick(productsOfInterest(traits));
}

export const drawQuantity = (random: Random) => random.weighted(quantities);

/** An order of the product: its price times the expected quantity (PLN). */
export const expectedOrderPln = (product: DemoProduct) => Number(product.price) * EXPECTED_QUANTITY;
