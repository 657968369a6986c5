import { describe, expect, it } from 'vitest';
import { FeedFormatError } from './feed-format-error';
import { parseMerchantXml } from './parse-merchant-xml';
import { chunked, collect, fixture } from './test-sources';

const G = 'xmlns:g="http://base.google.com/ns/1.0"';
const validItem = (id: string, extra = '') =>
  `<item><g:id>${id}</g:id><g:title>T ${id}</g:title><g:link>https://shop.example/${id}</g:link>` +
  `<g:image_link>https://shop.example/${id}.jpg</g:image_link><g:price>1 USD</g:price>` +
  `<g:availability>in stock</g:availability>${extra}</item>`;
const rss = (items: string) =>
  `<?xml version="1.0"?><rss version="2.0" ${G}><channel>${items}</channel></rss>`;

describe('parseMerchantXml', () => {
  it('reads an RSS 2.0 Merchant Center feed: g: namespace, CDATA, entities, empty and repeated elements', async () => {
    const { rows, error } = await collect(parseMerchantXml(fixture('merchant-rss.xml')));
    expect(error).toBeNull();
    expect(rows).toEqual([
      {
        ok: true,
        row: 1,
        product: {
          id: 'TV_123456',
          title: 'LG 22LB4510 - 22" LED TV - 1080p (FullHD) & more',
          description:
            'Attractively styled & boasting stunning picture quality, the LG 22LB4510 – Café edition, zółty.',
          link: 'https://shop.example/tv/lg-22lb4510?ref=feed&utm=1',
          imageLink: 'https://images.shop.example/tv/123456.jpg',
          additionalImageLinks: [
            'https://images.shop.example/tv/123456-side.jpg',
            'https://images.shop.example/tv/123456-back.jpg',
          ],
          price: { micros: 159_000_000, currency: 'USD' },
          salePrice: { micros: 149_990_000, currency: 'USD' },
          availability: 'in_stock',
          brand: 'LG',
          gtin: '71919219405200',
          mpn: '22LB4510/US',
          condition: 'new',
          googleProductCategory: 'Electronics > Video > Televisions > Flat Panel Televisions',
          productType: 'Consumer Electronics > TVs > Flat Panel TVs',
          itemGroupId: 'LG-22LB',
          customLabels: ['summer sale', null, null, 'margin-high', null],
          extra: {
            shipping: 'US:Standard:14.95 USD',
            energy_efficiency_class: 'A+',
            product_highlight: 'Full HD,Slim design',
          },
        },
      },
      {
        ok: true,
        row: 2,
        product: expect.objectContaining({
          id: 'SOCK-1',
          description: null,
          price: { micros: 15_000_000, currency: null },
          salePrice: null,
          brand: null,
          condition: null,
          availability: 'out_of_stock',
          extra: {},
        }),
      },
      {
        ok: false,
        row: 3,
        rejections: [
          { attribute: 'link', reason: 'invalid_link' },
          { attribute: 'image_link', reason: 'invalid_image_link' },
          { attribute: 'price', reason: 'missing_price' },
          { attribute: 'availability', reason: 'invalid_availability' },
        ],
      },
    ]);
  });

  it('reads an Atom feed, taking <link href> unless there is a g:link', async () => {
    const { rows, error } = await collect(parseMerchantXml(fixture('merchant-atom.xml', 17)));
    expect(error).toBeNull();
    expect(rows).toMatchObject([
      {
        ok: true,
        row: 1,
        product: {
          id: 'BOOK-9',
          title: 'The Book – Second Edition',
          link: 'https://shop.example/books/9',
          price: { micros: 12_500_000, currency: 'EUR' },
          availability: 'preorder',
          condition: 'used',
          extra: { summary: 'A book.', updated: '2024-05-01T12:00:00Z' },
        },
      },
      {
        ok: true,
        row: 2,
        product: { id: 'BOOK-10', link: 'https://shop.example/books/10', availability: 'backorder' },
      },
    ]);
  });

  it('reads attributes without a namespace, and an undeclared g: prefix as Google’s', async () => {
    const { rows, error } = await collect(parseMerchantXml(fixture('unprefixed.xml')));
    expect(error).toBeNull();
    expect(rows).toMatchObject([
      { ok: false, row: 1, rejections: [{ attribute: 'price', reason: 'invalid_price' }] },
      {
        ok: true,
        row: 2,
        product: {
          id: 'P-2',
          link: 'https://shop.example/p-2',
          price: { micros: 19_990_000, currency: 'PLN' },
        },
      },
    ]);
  });

  it('yields the items before malformed XML, then throws a FeedFormatError with its line', async () => {
    const { rows, error } = await collect(parseMerchantXml(fixture('malformed.xml')));
    expect(rows.map((row) => row.ok && row.product.id)).toEqual(['A', 'B']);
    expect(error).toBeInstanceOf(FeedFormatError);
    expect(error).toMatchObject({ code: 'malformed_xml', line: 6 });
  });

  it('refuses an unknown entity and a document that is neither RSS nor Atom', async () => {
    const entity = await collect(
      parseMerchantXml(chunked(rss(`${validItem('A')}\n<item><g:title>a &nbsp; b</g:title></item>`))),
    );
    expect(entity.rows).toHaveLength(1);
    expect(entity.error).toMatchObject({ code: 'malformed_xml', line: 2 });
    const html = await collect(parseMerchantXml(chunked('<html><body><item/></body></html>')));
    expect(html).toMatchObject({ rows: [], error: { code: 'unrecognised_format', line: 1 } });
  });

  it('decodes the encoding the XML declaration names', async () => {
    const [before, after] = rss(validItem('L')).split('T L');
    const latin2 = Buffer.concat([
      Buffer.from(
        (before ?? '').replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="ISO-8859-2"?>'),
      ),
      Buffer.from([0xbf, 0xf3, 0xb3, 0xf1]), // żółń in ISO-8859-2
      Buffer.from(after ?? ''),
    ]);
    const { rows } = await collect(parseMerchantXml(chunked(latin2, 5)));
    expect(rows).toMatchObject([{ ok: true, product: { title: 'żółń' } }]);
    const unknown = await collect(
      parseMerchantXml(chunked(Buffer.from('<?xml version="1.0" encoding="x-unknown"?><rss/>'))),
    );
    expect(unknown.error).toMatchObject({ code: 'unsupported_encoding' });
  });

  it('keeps items it cannot hold whole out: over 1 MiB of text is too_long, one token over 1 MiB stops', async () => {
    async function* bigItem() {
      yield rss('').replace('</channel></rss>', '');
      yield `<item><g:id>BIG</g:id>`;
      for (let index = 0; index < 40; index += 1)
        yield `<g:description>${'x'.repeat(30_000)}</g:description>`;
      yield `</item>${validItem('NEXT')}</channel></rss>`;
    }
    const { rows, error } = await collect(parseMerchantXml(bigItem()));
    expect(error).toBeNull();
    expect(rows).toMatchObject([
      { ok: false, row: 1, rejections: [{ attribute: 'description', reason: 'too_long' }] },
      { ok: true, row: 2, product: { id: 'NEXT' } },
    ]);

    async function* hugeText() {
      yield rss(validItem('A')).replace('</channel></rss>', '<item><g:description>');
      for (let index = 0; index < 100; index += 1) yield 'y'.repeat(20_000);
    }
    const huge = await collect(parseMerchantXml(hugeText()));
    expect(huge.rows).toHaveLength(1);
    expect(huge.error).toMatchObject({ code: 'element_too_large' });
  });
});
