import { describe, expect, it } from 'vitest';
import { detectFeedFormat } from './detect-feed-format';
import { parseFeed } from './parse-feed';
import { chunked, collect, fixture } from './test-sources';

describe('detectFeedFormat', () => {
  it.each([
    ['<?xml version="1.0"?><rss>', 'xml'],
    ['\uFEFF\n  <rss version="2.0">', 'xml'],
    ['<feed xmlns="http://www.w3.org/2005/Atom">', 'xml'],
    ['<!-- generated --><rss>', 'xml'],
    ['id,title,price\n1,a,1 USD', 'csv'],
    ['id\n1', 'csv'],
    ['ID [id]\tTitle [title]\r\nA\tB', 'tsv'],
    ['id,description\n1,"a\tb"', 'csv'],
    ['<!DOCTYPE html><html>', null],
    ['   \n ', null],
    ['', null],
  ])('%j is %s', (head, format) => {
    expect(detectFeedFormat(Buffer.from(head))).toBe(format);
  });

  it('refuses binary data (a gzip archive)', () => {
    expect(detectFeedFormat(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x2c]))).toBeNull();
  });
});

describe('parseFeed', () => {
  it.each([
    ['merchant-rss.xml', ['TV_123456', 'SOCK-1', false]],
    ['merchant-atom.xml', ['BOOK-9', 'BOOK-10']],
    ['bad-row.csv', ['1', false, '3', false]],
    ['labelled.tsv', ['A-1', false]],
  ])('picks the parser for %s from its first bytes, even in tiny chunks', async (name, ids) => {
    const { rows, error } = await collect(parseFeed(fixture(name, 3)));
    expect(error).toBeNull();
    expect(rows.map((row) => row.ok && row.product.id)).toEqual(ids);
  });

  it('refuses what it cannot tell', async () => {
    const { rows, error } = await collect(parseFeed(chunked('<html><body>Not found</body></html>')));
    expect(rows).toEqual([]);
    expect(error).toMatchObject({ name: 'FeedFormatError', code: 'unrecognised_format' });
  });

  it('stops reading the source when the consumer stops', async () => {
    let read = 0;
    async function* lines() {
      yield 'id,title,link,image_link,price,availability\n';
      for (;;) {
        read += 1;
        yield `${read},T,https://shop.example/p,https://shop.example/p.jpg,1 USD,in stock\n`;
      }
    }
    for await (const row of parseFeed(lines())) if (row.row >= 3) break;
    const readWhenStopped = read;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toBe(readWhenStopped);
    expect(read).toBeLessThan(1000);
  });
});
