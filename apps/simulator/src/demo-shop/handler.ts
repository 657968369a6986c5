import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEMO_FEED_PATH, DEMO_SHOP_PATH, demoImagePath, demoProductPath, demoProducts } from './catalogue';
import { demoFeedXml } from './feed';
import { cartPage, type DemoShopSite, homePage, productPage, thankYouPage } from './pages';
import { productPng } from './png';

export interface DemoShopOptions extends Omit<DemoShopSite, 'tagKey'> {
  /** Where the platform reaches itself (the feed's image links: the image proxy fetches them). */
  localUrl: string;
  /** Demo Shop's tag key, read when a page is served. */
  tagKey: () => Promise<string | null>;
}

const IMAGE_PX = 480;

/**
 * The demo shop (demo mode only): `GET /demo-shop/` (home), `/demo-shop/products/<id>.html`,
 * `/demo-shop/cart.html`, `/demo-shop/thank-you.html`, `/demo-shop/images/<id>.png` and the
 * product feed `/demo-shop/feed.xml`. A plain node handler, mounted on the platform's port.
 */
export function createDemoShop(options: DemoShopOptions) {
  const images = new Map<string, Buffer>();
  const routes = new Map<string, (site: DemoShopSite) => { type: string; body: string | Buffer }>();
  const html = (render: (site: DemoShopSite) => string) => (site: DemoShopSite) => ({
    type: 'text/html; charset=utf-8',
    body: render(site),
  });
  routes.set(`${DEMO_SHOP_PATH}/`, html(homePage));
  routes.set(`${DEMO_SHOP_PATH}/index.html`, html(homePage));
  routes.set(`${DEMO_SHOP_PATH}/cart.html`, html(cartPage));
  routes.set(`${DEMO_SHOP_PATH}/thank-you.html`, html(thankYouPage));
  routes.set(DEMO_FEED_PATH, () => ({
    type: 'application/xml; charset=utf-8',
    body: demoFeedXml({ publicUrl: options.publicUrl, imageBaseUrl: options.localUrl }),
  }));
  for (const product of demoProducts) {
    routes.set(
      demoProductPath(product.id),
      html((site) => productPage(site, product)),
    );
    routes.set(demoImagePath(product.id), () => {
      let png = images.get(product.id);
      if (!png) {
        png = productPng(IMAGE_PX, product.colour);
        images.set(product.id, png);
      }
      return { type: 'image/png', body: png };
    });
  }

  return async function demoShop(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route = routes.get(path === DEMO_SHOP_PATH ? `${DEMO_SHOP_PATH}/` : path);
    if (!route || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    let tagKey: string | null = null;
    try {
      tagKey = await options.tagKey();
    } catch {
      // A page without the tag rather than no page.
    }
    const { type, body } = route({ ...options, tagKey });
    res.writeHead(200, {
      'content-type': type,
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
