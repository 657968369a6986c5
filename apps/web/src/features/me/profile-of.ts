import type { AccountKind, AdminUserDto, MeDto } from '@rtb/shared';

/** The profile of the panel's kind (admin, agency or advertiser user), else whichever exists. */
export function profileOf(me: MeDto, kind: AccountKind): AdminUserDto | null {
  const own = { admin: me.adminUser, agency: me.agencyUser, advertiser: me.advertiserUser }[kind];
  return own ?? me.adminUser ?? me.agencyUser ?? me.advertiserUser ?? null;
}

/** The values of the details form for a profile. */
export function detailsOf(me: MeDto, kind: AccountKind) {
  const user = profileOf(me, kind);
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    phone: user?.phone ?? '',
    locale: me.locale,
  };
}
