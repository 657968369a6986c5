import type { OutcomeOpportunity } from '@rtb/simulator';

/** The advertiser's audience of the bench: visitors who viewed a product in the last 30 days. */
export const PRODUCT_VIEWERS_AUDIENCE = 1;
const AUDIENCE_DAYS = 30;

/** What the bidder knows of a visitor from the shop's tag, as its profile store would give it. */
export interface VisitorProfile {
  audienceId: number | null;
  lastProductViewAgeSeconds: number | null;
}

const UNKNOWN: VisitorProfile = { audienceId: null, lastProductViewAgeSeconds: null };

/**
 * The shop tag's product views per visitor (the world sends them just before the request), by
 * the request's user id: a visitor whose personal data may not be used has none and is no one.
 */
export class ShopVisitors {
  private readonly lastViewAtMs = new Map<string, number>();

  /** Records the views the opportunity's visitor made, then gives its profile at the opportunity. */
  profileAt(opportunity: OutcomeOpportunity, userId: string | null): VisitorProfile {
    if (userId === null) return UNKNOWN;
    const now = opportunity.truth.at;
    if (opportunity.views.length > 0) this.lastViewAtMs.set(userId, now);
    const lastViewAt = this.lastViewAtMs.get(userId);
    if (lastViewAt === undefined) return UNKNOWN;
    const ageSeconds = Math.floor((now - lastViewAt) / 1000);
    return {
      audienceId: ageSeconds <= AUDIENCE_DAYS * 86_400 ? PRODUCT_VIEWERS_AUDIENCE : null,
      lastProductViewAgeSeconds: ageSeconds,
    };
  }
}
