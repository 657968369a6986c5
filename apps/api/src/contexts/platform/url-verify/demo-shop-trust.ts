/** The demo shop's feed and product images (what the feed importer and the image proxy fetch). */
const DEMO_SHOP_FETCHED = /^\/demo-shop\/(?:feed\.xml|images\/[A-Za-z0-9_-]{1,50}\.png)$/;

/**
 * What the SSRF guard lets through to the platform's own demo shop (`DEMO_SHOP_URL`, set in demo
 * mode only): exactly its feed and its product images on that origin, nothing else of it, no
 * other port or path of the same host, no credentials, query or fragment. Without a demo shop,
 * nothing.
 */
export function demoShopTrust(demoShopUrl: string | null): (url: URL) => boolean {
  if (!demoShopUrl) return () => false;
  const origin = new URL(demoShopUrl).origin;
  return (url) =>
    url.origin === origin &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === '' &&
    DEMO_SHOP_FETCHED.test(url.pathname);
}
