import type { AudienceBody, AudienceDto, AudienceRule } from '@rtb/shared';

/** One of the audiences retargeting starts with: its rule and lookback (its name is the user's language's). */
export interface StandardAudience {
  key: 'viewers' | 'abandoners' | 'buyers';
  rule: AudienceRule;
  lookbackDays: number;
}

/**
 * The standard retargeting audiences: product viewers of 30 days and cart abandoners of 14 to
 * bid on, buyers of 90 days to leave out (they have just bought).
 */
export const standardAudiences: readonly StandardAudience[] = [
  { key: 'viewers', rule: 'product_viewers', lookbackDays: 30 },
  { key: 'abandoners', rule: 'cart_abandoners', lookbackDays: 14 },
  { key: 'buyers', rule: 'buyers', lookbackDays: 90 },
];

/** An audience of the advertiser's that is the standard one (the same rule and lookback, whatever its name). */
export function findStandard(
  audiences: readonly AudienceDto[],
  standard: StandardAudience,
): AudienceDto | null {
  return (
    audiences.find(
      (audience) =>
        audience.rule === standard.rule &&
        audience.lookbackDays === standard.lookbackDays &&
        audience.productType === null,
    ) ?? null
  );
}

/** Each standard audience with the advertiser's audience that is it, or null while it is missing. */
export function standardAudiencesIn(audiences: readonly AudienceDto[]) {
  return standardAudiences.map((standard) => ({ standard, audience: findStandard(audiences, standard) }));
}

/** The body that creates a standard audience under `name`. */
export const standardAudienceBody = (standard: StandardAudience, name: string): AudienceBody => ({
  name,
  rule: standard.rule,
  productType: null,
  lookbackDays: standard.lookbackDays,
});
