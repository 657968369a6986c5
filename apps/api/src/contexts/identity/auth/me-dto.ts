import { type MeDto, toApiDateTime } from '@rtb/shared';
import type { Principal } from './principal-repository';

const initials = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();

/** `me` as the panels read it (spec section 3, 'Service user model'). */
export function toMeDto(p: Principal): MeDto {
  const profile = p.profile;
  const base = profile && {
    id: profile.id,
    createdAt: profile.createdAt,
    updatedAt: profile.updatedAt,
    locale: p.locale,
    user: { id: p.accountId, login: p.login, enabled: p.enabled },
    role: profile.role,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: p.login,
    phone: profile.phone,
    avatarColor: profile.avatarColor,
    avatarInitials: initials(profile.firstName, profile.lastName),
  };
  const name = profile ? `${profile.firstName} ${profile.lastName}`.trim() : '';
  return {
    id: p.accountId,
    createdAt: toApiDateTime(p.createdAt),
    updatedAt: toApiDateTime(p.updatedAt),
    login: p.login,
    enabled: p.enabled,
    emailVerified: p.emailVerified,
    locale: p.locale,
    hasSourceUser: p.impersonatorAccountId !== null,
    hasPassword: p.hasPassword,
    role: p.kind,
    localRole: profile?.role.slug ?? '',
    nameDisplay: name || 'Service User',
    permissions: p.permissions,
    adminUser: base && p.kind === 'admin' ? base : null,
    agencyUser:
      base && p.kind === 'agency' && profile?.agency
        ? { ...base, type: profile.type ?? 'default', agencyId: profile.agency.id, agency: profile.agency }
        : null,
    advertiserUser:
      base && p.kind === 'advertiser' && profile?.advertiser
        ? {
            ...base,
            type: profile.type ?? 'default',
            advertiserId: profile.advertiser.id,
            advertiser: profile.advertiser,
          }
        : null,
  };
}
