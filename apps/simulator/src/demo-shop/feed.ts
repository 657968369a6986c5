import { type DemoProduct, demoImagePath, demoProductPath, demoProducts } from './catalogue';

const xml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/**
 * The demo shop's product feed, as Google Merchant Center's RSS 2.0 (what the feed importer
 * reads): links for browsers on the public URL, images on `imageBaseUrl` (the platform's own
 * local address, the one the image proxy may fetch).
 */
export function demoFeedXml(options: { publicUrl: string; imageBaseUrl: string }): string {
  const base = options.publicUrl.replace(/\/$/, '');
  const images = options.imageBaseUrl.replace(/\/$/, '');
  const item = (p: DemoProduct) => `    <item>
      <g:id>${xml(p.id)}</g:id>
      <g:title>${xml(p.title)}</g:title>
      <g:description>${xml(`${p.title} from Demo Shop.`)}</g:description>
      <g:link>${xml(base + demoProductPath(p.id))}</g:link>
      <g:image_link>${xml(images + demoImagePath(p.id))}</g:image_link>
      <g:price>${p.price} PLN</g:price>
      <g:availability>in stock</g:availability>
      <g:condition>new</g:condition>
      <g:brand>Demo Shop</g:brand>
      <g:product_type>${xml(p.type)}</g:product_type>
    </item>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
  <channel>
    <title>Demo Shop</title>
    <link>${xml(`${base}/demo-shop/`)}</link>
    <description>Products of Demo Shop</description>
${demoProducts.map(item).join('\n')}
  </channel>
</rss>
`;
}
