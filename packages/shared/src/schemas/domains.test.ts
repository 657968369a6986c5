import { describe, expect, it } from 'vitest';
import { domainListErrors, domainListField, normaliseDomain, normaliseDomainList } from './domains';

describe('normaliseDomain', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['https://www.shop.example.com/path?q=1', 'shop.example.com'],
    ['*.news.example.org', 'news.example.org'],
    ['example.com:8080', 'example.com'],
    ['example.com.', 'example.com'],
    ['  zażółć.pl ', 'xn--za-6ja4f8n1l.pl'],
    ['com.example.App', 'com.example.app'],
    ['id1234567', 'id1234567'],
    ['Shop-1.Example.com', 'shop-1.example.com'],
    ['xn--za-6ja4f8n1l.pl', 'xn--za-6ja4f8n1l.pl'],
  ])('%s -> %s', (line, domain) => {
    expect(normaliseDomain(line)).toBe(domain);
  });

  it.each([
    '',
    'localhost',
    'not a domain',
    '192.168.0.1',
    'exa mple.com',
    '-bad-.com',
    'javascript:alert(1)',
    'a..example.com',
    '1.2.3',
    '0x7f.0.0.1',
  ])('refuses %j', (line) => {
    expect(normaliseDomain(line)).toBeNull();
  });
});

describe('normaliseDomainList', () => {
  it('deduplicates in first-seen order, skips blank lines and names bad lines by number', () => {
    expect(normaliseDomainList(['a.com', '', 'www.A.com', 'bad', 'b.com'])).toEqual({
      domains: ['a.com', 'b.com'],
      invalid: [{ line: 4, value: 'bad' }],
    });
  });

  it('names the first 20 bad lines and counts the rest', () => {
    const errors = domainListErrors(normaliseDomainList(Array.from({ length: 25 }, (_, i) => `bad${i}`)));
    expect(errors).toHaveLength(21);
    expect(errors[0]).toBe('Line 1 is not a domain: bad0.');
    expect(errors[20]).toBe('5 more lines are not domains.');
  });

  it('is a field that fails with those errors', () => {
    expect(domainListField.parse(['x.com', 'X.com'])).toEqual(['x.com']);
    const result = domainListField.safeParse(['x.com', 'nope']);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Line 2 is not a domain: nope.']);
  });
});
