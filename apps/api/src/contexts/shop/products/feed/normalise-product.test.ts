import { feedProductSchema } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import { type FeedRow, normaliseProduct } from './normalise-product';
import { parsePrice } from './parse-price';

const valid = {
  id: 'SKU-1',
  title: 'Mug',
  link: 'https://shop.example/mug',
  image_link: 'https://shop.example/mug.jpg',
  price: '9.99 USD',
  availability: 'in stock',
};

function normalise(attributes: Record<string, string | string[]>, row = 7): FeedRow {
  const raw = new Map(
    Object.entries(attributes).map(([name, value]) => [name, Array.isArray(value) ? value : [value]]),
  );
  return normaliseProduct(raw, row);
}

function rejections(attributes: Record<string, string | string[]>) {
  const result = normalise(attributes);
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.product)}`);
  return result.rejections;
}

describe('normaliseProduct', () => {
  it('trims values, maps keywords and keeps unknown attributes, and the result meets the contract', () => {
    const result = normalise({
      ...valid,
      id: '  SKU-1 \n',
      title: ' Mug ',
      availability: 'In Stock',
      condition: 'Refurbished',
      sale_price: '8,50 usd',
      additional_image_link: [
        'https://shop.example/a.jpg, https://shop.example/b,c.jpg',
        ' ',
        'https://shop.example/d.jpg',
      ],
      custom_label_2: 'promo',
      color: ['red', ' ', 'blue'],
    });
    expect(result).toEqual({
      ok: true,
      row: 7,
      product: expect.objectContaining({
        id: 'SKU-1',
        title: 'Mug',
        availability: 'in_stock',
        condition: 'refurbished',
        price: { micros: 9_990_000, currency: 'USD' },
        salePrice: { micros: 8_500_000, currency: 'USD' },
        additionalImageLinks: [
          'https://shop.example/a.jpg',
          'https://shop.example/b,c.jpg',
          'https://shop.example/d.jpg',
        ],
        customLabels: [null, null, 'promo', null, null],
        description: null,
        brand: null,
      }),
    });
    if (!result.ok) return;
    expect(result.product.extra).toEqual({ color: 'red,blue' });
    expect(feedProductSchema.parse(result.product)).toEqual(result.product);
  });

  it('keeps an attribute named __proto__ as a plain key of extra', () => {
    const result = normalise({ ...valid, ['__proto__']: 'a column' });
    const extra = result.ok ? result.product.extra : null;
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype);
    expect(Object.entries(extra ?? {})).toEqual([['__proto__', 'a column']]);
  });

  it.each([
    ['in_stock', 'in_stock'],
    ['out of stock', 'out_of_stock'],
    ['Out-Of-Stock', 'out_of_stock'],
    ['preorder', 'preorder'],
    ['pre-order', 'preorder'],
    ['backorder', 'backorder'],
  ])('reads availability %s as %s', (text, availability) => {
    expect(normalise({ ...valid, availability: text })).toMatchObject({
      ok: true,
      product: { availability },
    });
  });

  it('keeps at most 10 additional images, as Merchant Center does', () => {
    const links = Array.from({ length: 12 }, (_, index) => `https://shop.example/${index}.jpg`);
    const result = normalise({ ...valid, additional_image_link: links });
    expect(result.ok && result.product.additionalImageLinks).toEqual(links.slice(0, 10));
  });

  it('rejects a product without its required attributes (empty counts as missing)', () => {
    expect(rejections({ title: '', description: 'x' })).toEqual([
      { attribute: 'id', reason: 'missing_id' },
      { attribute: 'title', reason: 'missing_title' },
      { attribute: 'link', reason: 'missing_link' },
      { attribute: 'image_link', reason: 'missing_image_link' },
      { attribute: 'price', reason: 'missing_price' },
      { attribute: 'availability', reason: 'missing_availability' },
    ]);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/products/mug',
    'shop.example/mug',
    'ftp://shop.example/mug',
    'https://',
  ])('accepts only absolute http(s) links, not %s', (url) => {
    expect(rejections({ ...valid, link: url, image_link: url, additional_image_link: url })).toEqual([
      { attribute: 'link', reason: 'invalid_link' },
      { attribute: 'image_link', reason: 'invalid_image_link' },
      { attribute: 'additional_image_link', reason: 'invalid_image_link' },
    ]);
  });

  it('rejects unknown availability and condition keywords', () => {
    expect(rejections({ ...valid, availability: 'sold out', condition: 'like new' })).toEqual([
      { attribute: 'availability', reason: 'invalid_availability' },
      { attribute: 'condition', reason: 'invalid_condition' },
    ]);
  });

  it('rejects prices it cannot read exactly, in price and sale_price', () => {
    expect(rejections({ ...valid, price: '1,234.50 PLN', sale_price: '$5' })).toEqual([
      { attribute: 'price', reason: 'invalid_price' },
      { attribute: 'sale_price', reason: 'invalid_price' },
    ]);
  });

  it('caps lengths in characters, not UTF-16 units', () => {
    const emoji = '😀'.repeat(150);
    expect(normalise({ ...valid, title: emoji }).ok).toBe(true);
    expect(
      rejections({
        ...valid,
        title: `${emoji}x`,
        description: 'd'.repeat(5001),
        link: `https://shop.example/${'a'.repeat(2000)}`,
        custom_label_0: 'c'.repeat(101),
        notes: 'n'.repeat(5001),
      }),
    ).toEqual([
      { attribute: 'title', reason: 'too_long' },
      { attribute: 'description', reason: 'too_long' },
      { attribute: 'link', reason: 'too_long' },
      { attribute: 'custom_label_0', reason: 'too_long' },
      { attribute: 'notes', reason: 'too_long' },
    ]);
  });
});

describe('parsePrice', () => {
  it.each([
    ['15.00 USD', { micros: 15_000_000, currency: 'USD' }],
    ['15 USD', { micros: 15_000_000, currency: 'USD' }],
    ['15USD', { micros: 15_000_000, currency: 'USD' }],
    ['15.00', { micros: 15_000_000, currency: null }],
    ['0.1 eur', { micros: 100_000, currency: 'EUR' }],
    ['19,99 PLN', { micros: 19_990_000, currency: 'PLN' }],
    ['0.000001 USD', { micros: 1, currency: 'USD' }],
    ['999999999.999999 JPY', { micros: 999_999_999_999_999, currency: 'JPY' }],
    ['1234567.89 USD', { micros: 1_234_567_890_000, currency: 'USD' }],
  ])('reads %s exactly', (text, price) => {
    expect(parsePrice(text)).toEqual(price);
  });

  it.each([
    '1,234.50 PLN',
    '1.234,50 PLN',
    '1,234 PLN',
    '1 234 PLN',
    '15.0000001 USD',
    '-5 USD',
    '1000000000 USD',
    '15 XYZ',
    '15 US',
    'USD 15',
    '$15',
    '.5 USD',
    '15. USD',
    'free',
  ])('refuses %s', (text) => {
    expect(parsePrice(text)).toBeNull();
  });
});
