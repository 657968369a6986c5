import type { DeviceType, OperatingSystem } from '@rtb/shared';
import type { BidRequestFacts } from '../types';

/** One imp of a sampled request: its sizes (`WxH`), its floor per impression in micro-units of `floorCurrency`. */
export interface SampledImpFacts {
  sizes: string[];
  floorMicros: number;
  floorCurrency: string;
}

/**
 * What the forecast keeps of one bid request (decision 0019): the facts targeting and pricing
 * read, bounded, with a hash of the user id instead of the id.
 */
export interface RequestSample {
  seenAt: Date;
  auctionType: 1 | 2;
  imps: SampledImpFacts[];
  currencies: string[];
  country: string | null;
  deviceType: DeviceType | null;
  os: OperatingSystem | null;
  domain: string | null;
  categories: string[];
  blockedCategories: string[];
  blockedAdvertiserDomains: string[];
  userHash: string | null;
}

/** Requests the bidders counted on one UTC day (`YYYY-MM-DD`) and how many of them were sampled. */
export interface SampleDay {
  day: string;
  requests: number;
  sampled: number;
}

/** The bounds of a sample row: a request past them is cut, never refused. */
export const SAMPLE_LIMITS = {
  imps: 10,
  sizesPerImp: 10,
  listItems: 30,
  itemLength: 64,
  domainLength: 253,
} as const;

const list = (values: readonly string[]) =>
  values.slice(0, SAMPLE_LIMITS.listItems).map((value) => value.slice(0, SAMPLE_LIMITS.itemLength));

/**
 * The sample row of a parsed request, cut to `SAMPLE_LIMITS`; `hashUser` turns the user id the
 * bidder may use into what the sample keeps (the caller's: hashing is I/O-free but not ours to pick).
 */
export function sampleOfRequest(
  request: BidRequestFacts,
  seenAt: Date,
  hashUser: (userId: string) => string,
): RequestSample {
  return {
    seenAt,
    auctionType: request.auctionType,
    imps: request.imps.slice(0, SAMPLE_LIMITS.imps).map((imp) => ({
      sizes: imp.sizes.slice(0, SAMPLE_LIMITS.sizesPerImp).map((size) => `${size.w}x${size.h}`),
      floorMicros: imp.floorMicros,
      floorCurrency: imp.floorCurrency.slice(0, 3),
    })),
    currencies: list(request.currencies),
    country: request.device.country,
    deviceType: request.device.type,
    os: request.device.os,
    domain: request.inventory.domain?.slice(0, SAMPLE_LIMITS.domainLength) ?? null,
    categories: list(request.inventory.categories),
    blockedCategories: list(request.blockedCategories),
    blockedAdvertiserDomains: list(request.blockedAdvertiserDomains),
    userHash:
      request.user.id === null || !request.user.personalDataAllowed ? null : hashUser(request.user.id),
  };
}
