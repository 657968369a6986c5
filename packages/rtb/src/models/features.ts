import type { DeviceType, OperatingSystem } from '@rtb/shared';
import { FNV_OFFSET_BASIS, fmix32, fnv1aInt32, fnv1aText } from '../hashing';
import { assertModelBits, biasIndex } from './dimension';

/** What the click and conversion models know of an impression when it is scored. */
export interface ImpressionFeatures {
  /** The creative's size in CSS pixels. */
  width: number;
  height: number;
  /** A site's domain or an app's bundle or name, as `InventoryFacts.reportName` (what its events record). */
  domain: string | null;
  deviceType: DeviceType | null;
  os: OperatingSystem | null;
  /** Alpha-2. */
  country: string | null;
  /** 0-23 in the user's time zone; null when it is not known. */
  localHour: number | null;
  creativeId: number;
  campaignId: number;
  /** The campaign's audience the visitor is in; null for none (or a campaign without audiences). */
  audienceId: number | null;
  /** Since the visitor last viewed a product of the advertiser; null when never (or unknown). */
  lastProductViewAgeSeconds: number | null;
  /** OpenRTB `banner.pos`, when the request gives it. */
  adPosition: number | null;
}

/** The hashed features of an impression and the bias: what `featureIndices` writes. */
export const FEATURE_COUNT = 12;

/** Each field's hash state after 'name=': the value is hashed on from it, no string built. */
const field = (name: string) => fnv1aText(FNV_OFFSET_BASIS, `${name}=`);
const FIELDS = {
  size: field('size'),
  domain: field('domain'),
  deviceType: field('device'),
  os: field('os'),
  country: field('country'),
  localHour: field('hour'),
  creativeId: field('creative'),
  campaignId: field('campaign'),
  audienceId: field('audience'),
  productViewAge: field('product_view_age'),
  adPosition: field('pos'),
};

/** Upper bounds (seconds) of the recency buckets of the last product view: an hour, 6 h, a day, 3 days, a week, 30 days. */
const RECENCY_BOUNDS = [3_600, 21_600, 86_400, 259_200, 604_800, 2_592_000];

function recencyBucket(ageSeconds: number): number {
  let bucket = 0;
  while (bucket < RECENCY_BOUNDS.length && ageSeconds >= (RECENCY_BOUNDS[bucket] ?? 0)) bucket += 1;
  return bucket;
}

// A missing value hashes as 'name=' alone: a bucket of its own, distinct from any value.
const text = (seed: number, value: string | null) => fmix32(value === null ? seed : fnv1aText(seed, value));
const int = (seed: number, value: number | null) => fmix32(value === null ? seed : fnv1aInt32(seed, value));

/**
 * The model's indices of an impression: each field's 'name=value' hashed into 2^bits buckets,
 * then the bias (`biasIndex`). Writes into `out` (reuse one per bidder: scoring allocates nothing).
 */
export function featureIndices(
  features: ImpressionFeatures,
  bits: number,
  out: Int32Array = new Int32Array(FEATURE_COUNT),
): Int32Array {
  assertModelBits(bits);
  if (out.length < FEATURE_COUNT) throw new RangeError(`Feature indices need ${FEATURE_COUNT} places.`);
  const mask = 2 ** bits - 1;
  const age = features.lastProductViewAgeSeconds;
  out[0] = fmix32(fnv1aInt32(fnv1aInt32(FIELDS.size, features.width), features.height)) & mask;
  out[1] = text(FIELDS.domain, features.domain) & mask;
  out[2] = text(FIELDS.deviceType, features.deviceType) & mask;
  out[3] = text(FIELDS.os, features.os) & mask;
  out[4] = text(FIELDS.country, features.country) & mask;
  out[5] = int(FIELDS.localHour, features.localHour) & mask;
  out[6] = int(FIELDS.creativeId, features.creativeId) & mask;
  out[7] = int(FIELDS.campaignId, features.campaignId) & mask;
  out[8] = int(FIELDS.audienceId, features.audienceId) & mask;
  out[9] = int(FIELDS.productViewAge, age === null ? null : recencyBucket(age)) & mask;
  out[10] = int(FIELDS.adPosition, features.adPosition) & mask;
  out[11] = biasIndex(bits);
  return out;
}
