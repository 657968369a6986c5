import type { ImpFacts, Size } from '../types';
import { currencyCode } from './currency-code';
import {
  idForMessage,
  isObject,
  type JsonObject,
  optionalArray,
  optionalNumber,
  optionalObject,
  optionalString,
} from './fields';
import { MAX_FLOOR, unitsToMicrosRoundedUp } from './floor-micros';
import { fail } from './reasons';
import { keepRecent } from './recent-values';

/** The imps of a request, and what they say about buying it. */
export interface ImpsFacts {
  imps: ImpFacts[];
  /** Some imp has banner sizes. */
  anyBanner: boolean;
  /** Some imp would have had banner sizes but is a private auction (deals only). */
  anyPrivateBanner: boolean;
}

const DEFAULT_CURRENCY = 'USD';

/** Exchanges quote floors in round cents: a few thousand values, each read from its digits once. */
const floorUnitsToMicros = keepRecent(unitsToMicrosRoundedUp, 4096);

/** `imp`: a non-empty array (checked by the caller) of imps with distinct ids. */
export function readImps(values: readonly unknown[]): ImpsFacts {
  const facts: ImpsFacts = { imps: [], anyBanner: false, anyPrivateBanner: false };
  // One imp is the usual request: a set only when there are ids to compare.
  const seen = values.length > 1 ? new Map<string, number>() : null;
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    const path = `imp[${index}]`;
    if (!isObject(value)) fail('bad_field', `${path} is not an object`);
    const imp = readImp(value, path);
    const previous = seen?.get(imp.id);
    if (previous !== undefined)
      fail('duplicate_imp_id', `${path}.id repeats imp[${previous}].id "${idForMessage(imp.id)}"`);
    seen?.set(imp.id, index);
    const isPrivate =
      optionalNumber(optionalObject(value, 'pmp', path), 'private_auction', `${path}.pmp`) === 1;
    if (imp.sizes.length > 0) {
      // We have no deals: a private auction is not ours to buy.
      if (isPrivate) {
        facts.anyPrivateBanner = true;
        imp.sizes = [];
      } else facts.anyBanner = true;
    }
    facts.imps.push(imp);
  }
  return facts;
}

function readImp(imp: JsonObject, path: string): ImpFacts {
  const id = typeof imp.id === 'string' ? optionalString(imp, 'id', path) : null;
  if (id === null) fail('imp_missing_id', `${path}.id is missing or not a string`);
  const floor = optionalNumber(imp, 'bidfloor', path) ?? 0;
  if (floor < 0 || floor > MAX_FLOOR) fail('bad_field', `${path}.bidfloor is not a price`);
  const banner = optionalObject(imp, 'banner', path);
  return {
    id,
    sizes: banner ? bannerSizes(banner, `${path}.banner`) : [],
    // A CPM: what one impression may cost at least is a thousandth of it, rounded up.
    floorMicros: floor === 0 ? 0 : Math.ceil(floorUnitsToMicros(floor) / 1000),
    floorCurrency: floorCurrency(imp, path),
    secure: optionalNumber(imp, 'secure', path) === 1,
    position: banner ? position(optionalNumber(banner, 'pos', `${path}.banner`)) : null,
  };
}

/** AdCOM's placement positions are 0-7; another number says nothing we can use. */
const MAX_POSITION = 7;

function position(pos: number | null): number | null {
  return pos !== null && Number.isInteger(pos) && pos >= 0 && pos <= MAX_POSITION ? pos : null;
}

/** `banner.w`/`h` and every `format` entry with a width and height, each size once. */
function bannerSizes(banner: JsonObject, path: string): Size[] {
  const sizes: Size[] = [];
  const w = dimension(banner, 'w', path);
  const h = dimension(banner, 'h', path);
  const formats = optionalArray(banner, 'format', path);
  if ((w === null || h === null) && !formats?.length) fail('banner_without_size', `${path} has no size`);
  if (w !== null && h !== null) addSize(sizes, w, h);
  formats?.forEach((format, index) => {
    const formatPath = `${path}.format[${index}]`;
    if (!isObject(format)) fail('bad_field', `${formatPath} is not an object`);
    // Entries with only `wratio`/`hratio`/`wmin` (flexible sizes) give no fixed size: skipped.
    const formatW = dimension(format, 'w', formatPath);
    const formatH = dimension(format, 'h', formatPath);
    if (formatW !== null && formatH !== null) addSize(sizes, formatW, formatH);
  });
  return sizes;
}

function dimension(parent: JsonObject, key: 'w' | 'h', path: string): number | null {
  const value = optionalNumber(parent, key, path);
  if (value === null) return null;
  if (value < 0) fail('negative_size', `${path}.${key} is negative`);
  if (!Number.isInteger(value)) fail('bad_field', `${path}.${key} is not an integer`);
  return value;
}

function addSize(sizes: Size[], w: number, h: number): void {
  if (w === 0 || h === 0) return;
  for (const size of sizes) if (size.w === w && size.h === h) return;
  sizes.push({ w, h });
}

/** `bidfloorcur`, upper case; a string that cannot be a currency code is a bad field. */
function floorCurrency(imp: JsonObject, path: string): string {
  const value = optionalString(imp, 'bidfloorcur', path);
  if (value === null) return DEFAULT_CURRENCY;
  return currencyCode(value) ?? fail('bad_field', `${path}.bidfloorcur is not a currency code`);
}
