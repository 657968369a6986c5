import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type BidToken, BidTokens } from './bid-token';

const SECRET = 'token-test-signing-key-'.repeat(2);
const tokens = new BidTokens(SECRET);

const token: BidToken = {
  bid: 'AAECAwQFBgcICQoLDA0ODw',
  adv: 12,
  cmp: 34,
  crt: 56,
  ts: 1_795_588_248_084,
  day: '2026-11-25',
  cur: 'USD',
  max: 4048,
  fx: '395000000',
  acur: 'PLN',
  mbps: 2000,
  cbps: 1500,
  res: 19_990,
  usr: 'u-1',
  geo: 'PL',
  dev: 'mobile',
  dom: 'news.example.com',
  fq: 'f:{uu-1}:c34:d2026-11-25',
  fqx: 1_795_651_200,
  test: false,
  use: 'n',
};

/** What the bidder knew of the impression and predicted (the notice token's). */
const bidContext = {
  w: 300,
  h: 250,
  os: 'ios',
  hr: 21,
  aud: 9,
  age: 7_200,
  pos: 1,
  pc: 0.0123,
  pv: 0.04,
  mc: 3,
  mv: 2,
  at: 1,
  ub: 5_120,
};

/** The JSON array a token travels as. */
const fieldsOf = (signed: string) =>
  JSON.parse(Buffer.from(signed.split('.')[0] ?? '', 'base64url').toString('utf8')) as unknown[];
/** The 21 fields of version 1 after the version number. */
const V1_FIELDS = 21;

/** A body signed with the right key, as a leaked key or an old format would give. */
function signedBody(payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', SECRET).update(body).digest().subarray(0, 16).toString('base64url');
  return `${body}.${mac}`;
}

describe('BidTokens', () => {
  it('reads back what it signed, with and without a landing page', () => {
    expect(tokens.verify(tokens.sign(token))).toEqual(token);
    const click = { ...token, url: 'https://shop.example.com/p/1?utm_source=rtb', usr: null, fq: null };
    expect(tokens.verify(tokens.sign(click))).toEqual(click);
    const dynamic = {
      ...token,
      url: 'https://shop.example.com/p/1',
      prd: [1_204_331, 88, 9_007_199_254_740_991],
    };
    expect(tokens.verify(tokens.sign(dynamic))).toEqual(dynamic);
  });

  it('signs a bid’s tokens from its shared fields, as it signs each alone, in the array’s order', () => {
    const { use: _use, ...shared } = token;
    const signed = tokens.signer(shared);
    const owns = [
      { use: 'n' as const },
      { url: 'https://shop.example.com/p/1', use: 'b' as const },
      { url: 'https://shop.example.com/p/2', use: 'b' as const, prd: [7, 8] },
    ];
    for (const own of owns) {
      expect(signed(own)).toBe(tokens.sign({ ...shared, ...own }));
      expect(tokens.verify(signed(own))).toEqual({ ...shared, ...own });
    }
    expect(fieldsOf(signed(owns[2] as (typeof owns)[2]))).toEqual([
      4,
      ...Object.values(shared),
      'https://shop.example.com/p/2',
      'b',
      null,
      [7, 8],
    ]);
    expect(fieldsOf(signed({ use: 'n' })).slice(-3)).toEqual([null, 'n', null]);
    expect(fieldsOf(signed({ use: 'n', ctx: bidContext })).slice(-1)).toEqual([
      [300, 250, 'ios', 21, 9, 7200, 1, 0.0123, 0.04, 3, 2, 1, 5120],
    ]);
  });

  it('names a dynamic banner’s products by their short keys: a few bytes more per token', () => {
    const landing = { ...token, url: 'https://shop.example.com/p/1' };
    const plain = tokens.sign(landing).length;
    const shown = tokens.sign({ ...landing, prd: [4_812_331, 4_812_332, 4_812_333] }).length;
    // Three seven-digit keys: 24 characters of JSON, a third more in base64url.
    expect(shown - plain).toBeLessThanOrEqual(36);
    expect(tokens.sign({ ...landing, prd: [4_812_331] }).length - plain).toBeLessThanOrEqual(15);
  });

  it('carries the impression’s context, and reads it back as it was', () => {
    const withContext = { ...token, ctx: bidContext };
    expect(tokens.verify(tokens.sign(withContext))).toEqual(withContext);
    const unknown = {
      ...bidContext,
      os: null,
      hr: null,
      aud: null,
      age: null,
      pos: null,
      pc: null,
      pv: null,
      mc: null,
      mv: null,
    };
    expect(tokens.verify(tokens.sign({ ...token, ctx: unknown }))?.ctx).toEqual(unknown);
  });

  it('still reads tokens of versions 1 to 3 (bids made before an upgrade)', () => {
    const { use: _, ...older } = token;
    const v1 = fieldsOf(tokens.sign(token)).slice(1, 1 + V1_FIELDS);
    expect(tokens.verify(signedBody([3, ...v1, 'n']))).toEqual(token);
    expect(tokens.verify(signedBody([3, ...v1, 'n', [5]]))).toEqual({ ...token, prd: [5] });
    expect(tokens.verify(signedBody([1, ...v1]))).toEqual(older);
    expect(tokens.verify(signedBody([2, ...v1]))).toEqual(older);
    expect(tokens.verify(signedBody([2, ...v1, [5]]))).toEqual({ ...older, prd: [5] });
    // Version 1 with version 2's products, or a field short, is refused.
    expect(tokens.verify(signedBody([1, ...v1, [5]]))).toBeNull();
    expect(tokens.verify(signedBody([1, ...v1.slice(0, -1)]))).toBeNull();
  });

  it('says who may call its URLs: the exchange or the browser', () => {
    expect(tokens.verify(tokens.sign({ ...token, use: 'b' }))?.use).toBe('b');
    const fields = fieldsOf(tokens.sign(token));
    expect(tokens.verify(signedBody([...fields.slice(0, -1), 'x']))).toBeNull();
  });

  it('travels as a keyless array of version 4: a bid carries its tokens five times', () => {
    const payload = fieldsOf(tokens.sign(token));
    expect(payload).toEqual([
      4,
      'AAECAwQFBgcICQoLDA0ODw',
      12,
      34,
      56,
      expect.any(Number),
      '2026-11-25',
      'USD',
      4048,
      '395000000',
      'PLN',
      2000,
      1500,
      19_990,
      'u-1',
      'PL',
      'mobile',
      'news.example.com',
      'f:{uu-1}:c34:d2026-11-25',
      1_795_651_200,
      false,
      null,
      'n',
      null,
    ]);
  });

  it('refuses another body under a signature, another key, and a cut signature', () => {
    const [, signature] = tokens.sign(token).split('.');
    const [pricier] = tokens.sign({ ...token, max: 999_999 }).split('.');
    expect(tokens.verify(`${pricier}.${signature}`)).toBeNull();
    expect(new BidTokens('another-signing-key-'.repeat(2)).verify(tokens.sign(token))).toBeNull();
    expect(tokens.verify(tokens.sign(token).slice(0, -2))).toBeNull();
    expect(tokens.verify('no-dot')).toBeNull();
  });

  it('refuses well-signed bodies of another format or shape', () => {
    const fields = fieldsOf(tokens.sign(token));
    expect(tokens.verify(signedBody(fields))).toEqual(token);
    expect(tokens.verify(signedBody(token))).toBeNull(); // the object format
    expect(tokens.verify(signedBody([5, ...fields.slice(1)]))).toBeNull(); // another version
    expect(tokens.verify(signedBody(fields.slice(0, -1)))).toBeNull(); // a field short
    expect(tokens.verify(signedBody([...fields.slice(0, 2), '12', ...fields.slice(3)]))).toBeNull();
    expect(tokens.verify(signedBody([...fields.slice(0, 9), '1e5', ...fields.slice(10)]))).toBeNull();
    // Products: a non-empty list of at most 8 positive whole keys (null is the same as none).
    const withProducts = (prd: unknown) => signedBody([...fields, prd]);
    expect(tokens.verify(withProducts(null))).toEqual(token);
    expect(tokens.verify(signedBody([...fields, [5], null]))).toBeNull(); // a field too many
    expect(tokens.verify(withProducts([5, 6]))?.prd).toEqual([5, 6]);
    for (const bad of [[], [0], [-1], [1.5], ['5'], 5, [1, 2, 3, 4, 5, 6, 7, 8, 9], [2 ** 53]])
      expect(tokens.verify(withProducts(bad))).toBeNull();
    // A context: its 13 values, each of its kind (a probability within 0..1, an hour under 24, auction 1 or 2).
    const context = Object.values(bidContext);
    const withContext = (ctx: unknown) => signedBody([...fields.slice(0, -1), ctx]);
    expect(tokens.verify(withContext(context))?.ctx).toEqual(bidContext);
    for (const bad of [
      context.slice(1),
      { ...bidContext },
      context.map((value, i) => (i === 7 ? 1.5 : value)),
      context.map((value, i) => (i === 3 ? 24 : value)),
      context.map((value, i) => (i === 0 ? -300 : value)),
      context.map((value, i) => (i === 2 ? 7 : value)),
      context.map((value, i) => (i === 11 ? 3 : value)),
    ])
      expect(tokens.verify(withContext(bad))).toBeNull();
  });
});
