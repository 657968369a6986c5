import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ImpressionBidContext, isImpressionBidContext } from '@rtb/delivery';

/**
 * What a URL we issue (win, billing and loss notices, the impression pixel, the click) carries
 * about its bid, signed with HMAC-SHA256 so that no id, price or landing page can be forged:
 * the trackers need no state of the bid, and any bidder process can take any notice.
 */
export interface BidToken {
  /** Our bid's id (random, 128 bits, base64url). */
  bid: string;
  adv: number;
  cmp: number;
  /** The creative (banner id). */
  crt: number;
  /** When we bid, Unix milliseconds. */
  ts: number;
  /** The advertiser's day when we bid (`YYYY-MM-DD`, its time zone): the daily budget it counts against. */
  day: string;
  /** The bid's currency and price (net, micro-units per impression): a clearing price above it is forged. */
  cur: string;
  max: number;
  /** Advertiser-currency micro-units per bid-currency micro-unit, scaled by 1e8, as a decimal string. */
  fx: string;
  /** The advertiser's currency. */
  acur: string;
  /** Margin and commission, basis points of the gross price. */
  mbps: number;
  cbps: number;
  /** The most the impression may cost the advertiser (gross micro-units): what the bid reserves (none on a test request). */
  res: number;
  /** Reporting dimensions: our user id, country, device type, site or app domain. */
  usr: string | null;
  geo: string | null;
  dev: string | null;
  dom: string | null;
  /** The frequency-cap counter the impression adds to (`FrequencyKey.key`) and when it expires (Unix seconds). */
  fq: string | null;
  fqx: number;
  /** A test request: tracked, never charged. */
  test: boolean;
  /**
   * Who calls the URLs it is in: `n`, the exchange, server to server (win, billing and loss
   * notices: they may carry the clearing price); `b`, the browser (the impression pixel and the
   * clicks of the ad markup, which anyone can read: they carry no price and free no budget). A
   * token of one is refused by the routes of the other. Tokens of formats 1 and 2 have none.
   */
  use?: TokenUse;
  /** The landing page (click URLs only). */
  url?: string;
  /**
   * A dynamic banner's products, by our key (`products.id`, a few digits where the feed's ids
   * can be long): on the bid's token the products it shows, in order, the first being the one
   * its landing page is; on a product's click token that product alone. A click is on the first.
   */
  prd?: number[];
  /**
   * What the bidder knew of the impression and what its models predicted, for the impression's
   * event (`delivery_events.bid_context`): on the notice token of bids from format 4.
   */
  ctx?: ImpressionBidContext;
}

export type TokenUse = 'n' | 'b';

/** The most products a token names (a dynamic banner shows up to three). */
export const TOKEN_MAX_PRODUCTS = 8;

const SIGNATURE_BYTES = 16;

/** Signs and reads tokens with one secret (`RTB_SIGNING_KEY`, shared by every bidder process). */
export class BidTokens {
  readonly #key: Buffer;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('The signing key must be at least 32 characters.');
    this.#key = Buffer.from(secret, 'utf8');
  }

  #mac(body: string): Buffer {
    return createHmac('sha256', this.#key).update(body).digest().subarray(0, SIGNATURE_BYTES);
  }

  /** `<payload>.<signature>`, both base64url: safe in a query string without escaping. */
  sign(token: BidToken): string {
    return this.signer(token)(token);
  }

  /**
   * Signs tokens that share every field but their own (`url`, `use`, `prd`, `ctx`): a bid's notice,
   * browser and product click tokens. The shared fields are encoded once.
   */
  signer(shared: BidToken): (own: OwnFields) => string {
    const head = JSON.stringify(SHARED_FIELDS.map((field) => shared[field] ?? null));
    const prefix = `[${FORMAT_VERSION},${head.slice(1, -1)}`;
    return (own) => {
      const context = own.ctx === undefined ? 'null' : JSON.stringify(contextArray(own.ctx));
      const json = `${prefix},${JSON.stringify(own.url ?? null)},${JSON.stringify(own.use ?? null)},${context}${
        own.prd === undefined ? '' : `,${JSON.stringify(own.prd)}`
      }]`;
      const body = Buffer.from(json, 'utf8').toString('base64url');
      return `${body}.${this.#mac(body).toString('base64url')}`;
    };
  }

  /** The token, or null when it is malformed or its signature does not match (constant-time compare). */
  verify(signed: string): BidToken | null {
    if (signed.length > 4096) return null;
    const dot = signed.indexOf('.');
    if (dot <= 0) return null;
    const body = signed.slice(0, dot);
    const given = Buffer.from(signed.slice(dot + 1), 'base64url');
    if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, this.#mac(body))) return null;
    try {
      const token = decode(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      return token && isBidToken(token) ? token : null;
    } catch {
      return null;
    }
  }
}

/**
 * The token's fields in the order they travel: a JSON array, not an object, since each bid
 * carries its tokens five times and the names would be two fifths of the response. Version 1
 * lacked `prd`, version 2 `use`, version 3 `ctx`; their tokens (bids made before an upgrade) are
 * still read.
 */
const FIELDS_V1 = [
  'bid',
  'adv',
  'cmp',
  'crt',
  'ts',
  'day',
  'cur',
  'max',
  'fx',
  'acur',
  'mbps',
  'cbps',
  'res',
  'usr',
  'geo',
  'dev',
  'dom',
  'fq',
  'fqx',
  'test',
  'url',
] as const satisfies readonly (keyof BidToken)[];
const FIELDS_V2 = [...FIELDS_V1, 'prd'] as const satisfies readonly (keyof BidToken)[];
const FIELDS_V3 = [...FIELDS_V1, 'use', 'prd'] as const satisfies readonly (keyof BidToken)[];
const FIELDS = [...FIELDS_V1, 'use', 'ctx', 'prd'] as const satisfies readonly (keyof BidToken)[];
/** The first element of the array; a token of another version is refused. */
const FORMAT_VERSION = 4;
const FIELDS_OF_VERSION: Record<number, readonly (keyof BidToken)[]> = {
  1: FIELDS_V1,
  2: FIELDS_V2,
  3: FIELDS_V3,
  4: FIELDS,
};

/** The bid context's keys in the order they travel (an array: names would double its size). */
const CONTEXT_KEYS = [
  'w',
  'h',
  'os',
  'hr',
  'aud',
  'age',
  'pos',
  'pc',
  'pv',
  'mc',
  'mv',
  'at',
  'ub',
] as const satisfies readonly (keyof ImpressionBidContext)[];

const contextArray = (context: ImpressionBidContext) => CONTEXT_KEYS.map((key) => context[key]);

function contextOf(value: unknown): ImpressionBidContext | null {
  if (!Array.isArray(value) || value.length !== CONTEXT_KEYS.length) return null;
  const context = Object.fromEntries(CONTEXT_KEYS.map((key, i) => [key, value[i]]));
  return isImpressionBidContext(context) ? context : null;
}

/**
 * The fields every token of a bid shares, first in the array; then `url`, `use`, `ctx` and `prd`
 * (a token without products leaves their slot out: most bids are not dynamic banners', five
 * copies a bid).
 */
const SHARED_FIELDS = FIELDS_V1.slice(0, -1) as Exclude<(typeof FIELDS_V1)[number], 'url'>[];
export type OwnFields = Pick<BidToken, 'url' | 'use' | 'prd' | 'ctx'>;

function decode(value: unknown): Record<string, unknown> | null {
  if (!Array.isArray(value)) return null;
  const version = value[0] as number;
  const fields = FIELDS_OF_VERSION[version];
  if (!fields) return null;
  const length = value.length - 1;
  // From version 2 on, a token without products leaves their (last) slot out.
  if (!(length === fields.length || (version >= 2 && length === fields.length - 1))) return null;
  const token: Record<string, unknown> = {};
  for (const [i, field] of fields.entries()) token[field] = value[i + 1];
  if (token.url === null) delete token.url;
  if (token.prd === null) delete token.prd;
  if (token.use === null) delete token.use;
  if (token.ctx === null || token.ctx === undefined) delete token.ctx;
  else {
    const context = contextOf(token.ctx);
    if (context === null) return null;
    token.ctx = context;
  }
  return token;
}

const text = (v: unknown) => typeof v === 'string';
const optionalText = (v: unknown) => v === null || typeof v === 'string';
const whole = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
const productKeys = (v: unknown) =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.length <= TOKEN_MAX_PRODUCTS &&
  v.every((key) => Number.isSafeInteger(key) && key > 0);

/** A signed token was made by us, but its shape is still checked: a key can leak, a version change. */
function isBidToken(v: unknown): v is BidToken {
  if (typeof v !== 'object' || v === null) return false;
  const t = v as Record<string, unknown>;
  return (
    text(t.bid) &&
    whole(t.adv) &&
    whole(t.cmp) &&
    whole(t.crt) &&
    whole(t.ts) &&
    text(t.day) &&
    text(t.cur) &&
    whole(t.max) &&
    text(t.fx) &&
    /^\d{1,30}$/.test(t.fx as string) &&
    text(t.acur) &&
    whole(t.mbps) &&
    whole(t.cbps) &&
    whole(t.res) &&
    optionalText(t.usr) &&
    optionalText(t.geo) &&
    optionalText(t.dev) &&
    optionalText(t.dom) &&
    optionalText(t.fq) &&
    whole(t.fqx) &&
    typeof t.test === 'boolean' &&
    (t.url === undefined || text(t.url)) &&
    (t.use === undefined || t.use === 'n' || t.use === 'b') &&
    (t.prd === undefined || productKeys(t.prd))
  );
}
