import type { AccountKind, MeDto } from '@rtb/shared';

/** Where each kind of user lives (spec section 2). */
export const panelPrefix: Record<AccountKind, string> = {
  admin: '/panel/admin',
  agency: '/panel/agency',
  advertiser: '/panel/advertiser',
};

export const loginPath = (kind: AccountKind) => `/account/${kind}/login`;

/** The prefix a signed-in user belongs under: admin, then agency, then advertiser profile. */
export function prefixOf(me: MeDto): string {
  if (me.adminUser) return panelPrefix.admin;
  if (me.agencyUser) return panelPrefix.agency;
  return panelPrefix.advertiser;
}
