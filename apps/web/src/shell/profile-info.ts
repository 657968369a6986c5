import type { AccountKind, MeDto } from '@rtb/shared';
import { panelPrefix } from '../auth/kinds';

interface Named {
  firstName?: string | null;
  lastName?: string | null;
}

/** First plus last name, with '---' for a missing part (spec section 3). */
export function shortName(person: Named | null | undefined): string {
  const part = (value: string | null | undefined) => value?.trim() || '---';
  return `${part(person?.firstName)} ${part(person?.lastName)}`;
}

/** Which profile the box shows: admin takes precedence, then agency, then advertiser. */
export function profileRole(me: MeDto): AccountKind | null {
  if (me.adminUser) return 'admin';
  if (me.agencyUser) return 'agency';
  if (me.advertiserUser) return 'advertiser';
  return null;
}

export function displayedProfile(me: MeDto) {
  return me.adminUser ?? me.agencyUser ?? me.advertiserUser ?? null;
}

/** Users of type service do not see User Settings and cannot follow the bottom-bar link. */
export function isServiceUser(kind: AccountKind, me: MeDto | null): boolean {
  if (!me) return false;
  if (kind === 'agency') return me.agencyUser?.type === 'service';
  if (kind === 'advertiser') return me.advertiserUser?.type === 'service';
  return false;
}

/**
 * Where Logout leads (spec section 2, 'Profile box'). The spec's "admin local role" is read as
 * an admin user: in this platform `localRole` is the role inside an organisation, and every
 * agency's first user has the local role `admin` but belongs in the agency panel. So: an admin
 * user goes to the admin prefix; anyone else to the agency prefix (agency box) or the
 * advertiser prefix (advertiser box, and admin box).
 */
export function logoutDestination(box: AccountKind, role: AccountKind | null | undefined): string {
  if (role === 'admin') return panelPrefix.admin;
  if (box === 'agency') return panelPrefix.agency;
  return panelPrefix.advertiser;
}

export const meRoute = (kind: AccountKind) => `${panelPrefix[kind]}/me`;

/** The bottom bar's organisation link: the advertiser's or the agency's own page (the admin's me page). */
export function organisationLink(kind: AccountKind, me: MeDto | null): { name: string; to: string } | null {
  if (!me) return null;
  if (kind === 'agency') {
    return me.agencyUser
      ? { name: me.agencyUser.agency.name, to: `${panelPrefix.agency}/agencies/me` }
      : null;
  }
  if (kind === 'advertiser') {
    return me.advertiserUser
      ? { name: me.advertiserUser.advertiser.name, to: `${panelPrefix.advertiser}/advertisers/me` }
      : null;
  }
  return me.adminUser ? { name: shortName(me.adminUser), to: meRoute('admin') } : null;
}

/** White or near-black text, whichever reads better on the given background (WCAG contrast). */
/** An avatar's colours: the user's background, and initials readable on it. */
export const avatarStyle = (background: string) => ({ background, color: readableTextOn(background) });

export function readableTextOn(background: string): string {
  const hex = background.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return '#ffffff';
  const channel = (i: number) => {
    const v = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  const withWhite = 1.05 / (luminance + 0.05);
  const withDark = (luminance + 0.05) / (0.0208 + 0.05); // #1f2a24
  return withWhite >= withDark ? '#ffffff' : '#1f2a24';
}
