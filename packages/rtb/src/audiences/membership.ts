import type { AudienceRule } from '@rtb/shared';
import { productTypePath, type VisitorProfile } from './profile';

/** An audience as the delivery snapshot gives it (the `audiences` row). */
export interface AudienceInput {
  id: number;
  rule: AudienceRule;
  /** `product_type_viewers` only: the type, its subtypes included. */
  productType: string | null;
  lookbackDays: number;
}

/** An audience ready to check: the type normalised, the lookback in milliseconds. */
export interface AudienceCheck {
  rule: AudienceRule;
  /** `productTypePath` of the audience's type ('' for other rules). */
  productType: string;
  lookbackMs: number;
}

const DAY_MS = 86_400_000;

export function audienceCheckOf(audience: AudienceInput): AudienceCheck {
  return {
    rule: audience.rule,
    productType: audience.productType === null ? '' : productTypePath(audience.productType),
    lookbackMs: audience.lookbackDays * DAY_MS,
  };
}

/** Whether a viewed type is the audience's type or below it: 'a > b' covers 'a > b > c', not 'a > bc'. */
export function typeCovers(audienceType: string, viewedType: string): boolean {
  return audienceType !== '' && (viewedType === audienceType || viewedType.startsWith(`${audienceType} > `));
}

/**
 * Whether the visitor is in the audience at `now` (Unix ms): the event the rule asks for happened
 * at most `lookback` ago (an event exactly `lookback` ago still counts). Cart abandoners added to
 * the cart within the lookback and made no transaction since (one at the same moment or later is
 * a purchase of that cart). Constant time: the product types are at most 20.
 */
export function isMember(profile: VisitorProfile, audience: AudienceCheck, now: number): boolean {
  const since = now - audience.lookbackMs;
  switch (audience.rule) {
    case 'all_visitors':
      return profile.lastEventAt > 0 && profile.lastEventAt >= since;
    case 'product_viewers':
      return profile.lastViewItemAt > 0 && profile.lastViewItemAt >= since;
    case 'product_type_viewers':
      // Most recent first: once one is older than the lookback, so are the rest.
      for (const viewed of profile.productTypes) {
        if (viewed.at < since) return false;
        if (typeCovers(audience.productType, viewed.type)) return true;
      }
      return false;
    case 'cart_abandoners':
      return (
        profile.lastAddToCartAt > 0 &&
        profile.lastAddToCartAt >= since &&
        profile.lastTransactionAt < profile.lastAddToCartAt
      );
    case 'buyers':
      return profile.lastTransactionAt > 0 && profile.lastTransactionAt >= since;
  }
}

/**
 * A campaign's audiences: `include` null means anyone; otherwise the visitor must be in one of
 * them (an empty list, every audience named being gone, lets no one in). Members of any
 * `exclude` audience are never bid on.
 */
export interface CampaignAudiences {
  include: readonly AudienceCheck[] | null;
  exclude: readonly AudienceCheck[];
}

/** A campaign's audiences ready to check, or null when it has none (everyone may see it). */
export function campaignAudiencesOf(
  include: readonly AudienceInput[] | null,
  exclude: readonly AudienceInput[],
): CampaignAudiences | null {
  if (include === null && exclude.length === 0) return null;
  return { include: include?.map(audienceCheckOf) ?? null, exclude: exclude.map(audienceCheckOf) };
}

/**
 * Whether a campaign with audiences may bid on this visitor: `profile` is the visitor's profile
 * at the campaign's advertiser, null for a visitor without our id or never seen by its tag (who
 * is in no audience: no included one, and no excluded one either).
 */
export function audiencesAllow(
  audiences: CampaignAudiences,
  profile: VisitorProfile | null,
  now: number,
): boolean {
  if (profile === null) return audiences.include === null;
  for (const audience of audiences.exclude) if (isMember(profile, audience, now)) return false;
  if (audiences.include === null) return true;
  for (const audience of audiences.include) if (isMember(profile, audience, now)) return true;
  return false;
}

/**
 * The first of the campaign's audiences the visitor is in (what the models know of why it
 * bids); null without a profile, or for a campaign that names none.
 */
export function visitorAudienceId(
  includeAudiences: readonly AudienceInput[] | null,
  profile: VisitorProfile | null,
  now: number,
): number | null {
  if (profile === null || includeAudiences === null) return null;
  for (const audience of includeAudiences)
    if (isMember(profile, audienceCheckOf(audience), now)) return audience.id;
  return null;
}
