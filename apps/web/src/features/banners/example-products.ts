import { type DynamicProductView, productPriceText } from '@rtb/rtb/dynamic';

/** A square picture of a made-up product: a coloured card with a shape, inline (nothing is fetched). */
const picture = (background: string, shape: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="8" fill="${background}"/>${shape}</svg>`,
  )}`;

const examples = [
  {
    image: picture('#e0f2fe', '<path d="M18 62 L40 40 L58 52 L82 46 L82 70 L18 70 Z" fill="#0369a1"/>'),
    micros: 249_000_000,
    saleMicros: 199_000_000,
  },
  {
    image: picture('#fef3c7', '<circle cx="50" cy="50" r="26" fill="#b45309"/>'),
    micros: 89_990_000,
    saleMicros: null,
  },
  {
    image: picture('#dcfce7', '<rect x="30" y="22" width="40" height="56" rx="6" fill="#15803d"/>'),
    micros: 129_000_000,
    saleMicros: 99_000_000,
  },
] as const;

/**
 * Made-up products for previews where the shop's own cannot be read (the admin's review): the
 * titles in the interface language, prices in euro (one on sale is crossed out), pictures inline,
 * each leading to `clickUrl`. Shown under an 'Example products' label.
 */
export function exampleProductViews(
  titles: readonly string[],
  locale: string,
  clickUrl: string,
): DynamicProductView[] {
  return examples.map((example, index) => ({
    title: titles[index] ?? '',
    price: productPriceText(example.micros, 'EUR', locale),
    salePrice: example.saleMicros === null ? null : productPriceText(example.saleMicros, 'EUR', locale),
    imageUrl: () => example.image,
    clickUrl,
  }));
}
