import type { BidRequestFacts } from '../types';
import { addCategories } from './categories';
import { currencyCode } from './currency-code';
import { readDevice } from './device';
import { isObject, optionalNumber, optionalObject, optionalString, optionalStrings } from './fields';
import { readImps } from './imps';
import { readInventory } from './inventory';
import { fail, InvalidRequest, type InvalidRequestReason, type NoBidReason } from './reasons';
import { requestDomain } from './request-domain';
import { readUser } from './user';

export type ParsedBidRequest =
  | { ok: true; request: BidRequestFacts; noBid: NoBidReason | null }
  | { ok: false; reason: InvalidRequestReason; message: string };

/** The most imps a request may have unless the caller says otherwise (`RTB_MAX_IMPS`). */
export const DEFAULT_MAX_IMPS = 20;

/**
 * Validates and normalises an OpenRTB 2.6 (or 2.5) bid request, `body` being whatever
 * JSON.parse returned. A request of more than `maxImps` imps is refused before any imp is read
 * (`too_many_imps`): a page has a handful of slots, and each imp costs a decision and a bid. Malformed: `ok: false` with a reason and a short ASCII message naming the
 * field. Valid but not for us (no banner imp, deals only, no currency we can name): `noBid`.
 * Fields are read as hostile, like prebid-server: a field we read with the wrong type is a
 * `bad_field`; fields we do not read are ignored.
 */
export function parseBidRequest(
  body: unknown,
  options: { maxImps: number } = { maxImps: DEFAULT_MAX_IMPS },
): ParsedBidRequest {
  try {
    return readBidRequest(body, options.maxImps);
  } catch (error) {
    if (error instanceof InvalidRequest) return { ok: false, reason: error.reason, message: error.message };
    throw error;
  }
}

function readBidRequest(body: unknown, maxImps: number): ParsedBidRequest {
  if (!isObject(body)) fail('not_json_object', 'The body is not a JSON object');
  const id = typeof body.id === 'string' ? optionalString(body, 'id', '') : null;
  if (id === null) fail('missing_id', 'id is missing or not a string');
  if (!Array.isArray(body.imp) || body.imp.length === 0) fail('no_imp', 'imp is missing or empty');
  if (body.imp.length > maxImps) fail('too_many_imps', `imp has more than ${maxImps} entries`);
  const { imps, anyBanner, anyPrivateBanner } = readImps(body.imp);
  const site = optionalObject(body, 'site', '');
  const app = optionalObject(body, 'app', '');
  if (site && app) fail('site_and_app', 'site and app are both present');
  const user = optionalObject(body, 'user', '');
  const cur = optionalStrings(body, 'cur', '');
  const currencies = acceptedCurrencies(cur);
  const request: BidRequestFacts = {
    id,
    auctionType: auctionType(optionalNumber(body, 'at', '')),
    tmaxMs: timeout(optionalNumber(body, 'tmax', '')),
    test: optionalNumber(body, 'test', '') === 1,
    currencies,
    blockedCategories: blockedCategories(optionalStrings(body, 'bcat', '')),
    blockedAdvertiserDomains: blockedDomains(optionalStrings(body, 'badv', '')),
    inventory: readInventory(site, app),
    device: readDevice(optionalObject(body, 'device', ''), user),
    user: readUser(user, optionalObject(body, 'regs', '')),
    imps,
  };
  let noBid: NoBidReason | null = null;
  if (!anyBanner) noBid = anyPrivateBanner ? 'private_auction' : 'no_banner_imp';
  else if (cur.length > 0 && currencies.length === 0) noBid = 'unsupported_currency';
  return { ok: true, request, noBid };
}

/** `at`: 1 first price, 2 second price (the default); 3 (a deal's fixed price) and 500+ (exchange-specific) as 2. */
function auctionType(at: number | null): 1 | 2 {
  if (at === null || at === 2 || at === 3 || (at > 500 && Number.isInteger(at))) return 2;
  if (at === 1) return 1;
  return fail('bad_field', 'at is not an auction type');
}

function timeout(tmax: number | null): number | null {
  if (tmax === null) return null;
  if (tmax < 0) fail('negative_tmax', 'tmax is negative');
  return Math.floor(tmax);
}

/** `cur`: the currency codes among its strings, upper case; others are ignored. */
function acceptedCurrencies(cur: readonly string[]): string[] {
  const currencies: string[] = [];
  for (const value of cur) {
    const code = currencyCode(value);
    if (code !== null && !currencies.includes(code)) currencies.push(code);
  }
  return currencies;
}

function blockedCategories(bcat: readonly string[]): string[] {
  const categories = new Set<string>();
  addCategories(categories, bcat);
  return [...categories];
}

/** `badv` as campaigns' domains are (`normaliseDomain`, through `requestDomain`); what is no domain is dropped. */
function blockedDomains(badv: readonly string[]): string[] {
  const domains: string[] = [];
  for (const value of badv) {
    const domain = requestDomain(value);
    if (domain !== null) domains.push(domain);
  }
  return domains;
}
