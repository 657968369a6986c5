import { browserPost } from './browser';
import { DEMO_SHOP_PATH, type DemoProduct, demoProductPath, demoProducts } from './demo-shop/catalogue';
import type { Random } from './random';
import type { SimulatedUser } from './users';

/** The demo shop the simulated shoppers browse: its tag's events endpoint and key, its pages' base. */
export interface ShopVisitsOptions {
  /** The bidder's events endpoint (`/rtb/events`), as the tag sends to it. */
  eventsUrl: string;
  /** Demo Shop's tag key. */
  tagKey: string;
  /** Where the shop's pages are (the events' `page`). */
  shopUrl: string;
}

/** Chance that a visit puts a product in the cart, and that a cart is bought (rare: a shop's own orders count as conversions too). */
export const ADD_TO_CART_RATE = 0.3;
export const PURCHASE_RATE = 0.05;

const eventId = (random: Random) => Buffer.from(random.hex(32), 'hex').toString('base64url');

/** One to three of the shop's products, any of them. */
export const drawViewedProducts = (random: Random): readonly DemoProduct[] =>
  Array.from({ length: random.int(1, 3) }, () => random.pick(demoProducts));

/**
 * One visit of a shopper to the demo shop, sent as the shop's tag sends it (`POST /rtb/events`,
 * a text/plain JSON batch, from the visitor's browser: its cookies, user agent and IP): the home
 * page, the `viewed` product pages (else one to three drawn), sometimes the cart and, rarer, an
 * order. The answer sets our `rtb_uid` in the visitor's jar: the user id the exchange then sends
 * as `buyeruid`. True when the endpoint took the batch.
 */
export async function visitShop(
  options: ShopVisitsOptions,
  user: SimulatedUser,
  random: Random,
  viewed?: readonly DemoProduct[],
): Promise<boolean> {
  const shop = options.shopUrl.replace(/\/$/, '');
  user.shopVisitorId ??= eventId(random);
  const products = viewed ?? drawViewedProducts(random);
  const events: Record<string, unknown>[] = [
    { eventId: eventId(random), type: 'viewHome', page: `${shop}${DEMO_SHOP_PATH}/` },
  ];
  for (const product of products)
    events.push({
      eventId: eventId(random),
      type: 'viewItem',
      id: product.id,
      page: shop + demoProductPath(product.id),
    });
  const last = products[products.length - 1];
  if (last && random.chance(ADD_TO_CART_RATE)) {
    const items = [{ id: last.id, quantity: 1, price: last.price }];
    events.push({
      eventId: eventId(random),
      type: 'addToCart',
      id: last.id,
      quantity: 1,
      page: shop + demoProductPath(last.id),
    });
    events.push({
      eventId: eventId(random),
      type: 'viewBasket',
      items,
      page: `${shop}${DEMO_SHOP_PATH}/cart.html`,
    });
    if (random.chance(PURCHASE_RATE))
      events.push({
        eventId: eventId(random),
        type: 'trackTransaction',
        orderId: `DS-${random.hex(10).toUpperCase()}`,
        value: last.price,
        currency: 'PLN',
        items,
        page: `${shop}${DEMO_SHOP_PATH}/thank-you.html`,
      });
  }
  const body = JSON.stringify({ tagKey: options.tagKey, visitorId: user.shopVisitorId, events });
  const response = await browserPost(options.eventsUrl, user, body);
  await response.arrayBuffer().catch(() => undefined);
  return response.status === 204;
}
