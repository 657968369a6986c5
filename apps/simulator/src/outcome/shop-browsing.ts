import { type DemoProduct, demoProducts } from '../demo-shop';
import type { Random } from '../random';
import type { UserTraits } from './types';

/** Each product with its category: the first level of its type (`Clothing > Shirts` is Clothing). */
const categorised = demoProducts.map((product) => ({
  product,
  category: product.type.split(' > ')[0] ?? product.type,
}));

export const productCategories: readonly string[] = [...new Set(categorised.map((p) => p.category))];

/** The shop's products in the visitor's categories. */
export const productsOfInterest = (traits: UserTraits) =>
  categorised.filter(({ category }) => traits.interests.includes(category)).map(({ product }) => product);

/** Whether the visitor browses the shop now, and which products (one to three of its interests); none when not. */
export function drawVisit(random: Random, traits: UserTraits): readonly DemoProduct[] {
  if (!random.chance(traits.visitRate)) return [];
  const products = productsOfInterest(traits);
  return Array.from({ length: random.int(1, 3) }, () => random.pick(products));
}
