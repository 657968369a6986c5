import type { AdminUserDto, AdvertiserUserDto, AgencyUserDto, MeDto } from '@rtb/shared';
import Cookies from 'js-cookie';

/** MeDto fixtures for shell tests: one profile of the given kind, overridable in every part. */
const stamp = '2024-01-01 00:00:00';

const person = (id: number, firstName: string, lastName: string, slug = 'admin') => ({
  id,
  createdAt: stamp,
  updatedAt: stamp,
  locale: 'en',
  user: { id, login: `${firstName.toLowerCase()}@example.com`, enabled: true },
  role: { id: 1, slug, name: slug },
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.com`,
  phone: null,
  avatarColor: '#2563eb',
  avatarInitials: `${firstName[0] ?? ''}${lastName[0] ?? ''}`,
});

export function adminUser(overrides: Partial<AdminUserDto> = {}): AdminUserDto {
  return { ...person(1, 'Ada', 'Admin'), ...overrides };
}

export function agencyUser(overrides: Partial<AgencyUserDto> = {}): AgencyUserDto {
  return {
    ...person(2, 'Greta', 'Agent'),
    type: 'default',
    agencyId: 20,
    agency: { id: 20, name: 'Bright Agency' },
    ...overrides,
  };
}

export function advertiserUser(overrides: Partial<AdvertiserUserDto> = {}): AdvertiserUserDto {
  return {
    ...person(3, 'Otto', 'Owner'),
    type: 'default',
    advertiserId: 30,
    advertiser: { id: 30, name: 'Garden Shop', agencyId: null },
    ...overrides,
  };
}

function me(overrides: Partial<MeDto>): MeDto {
  return {
    id: 100,
    createdAt: stamp,
    updatedAt: stamp,
    login: 'user@example.com',
    enabled: true,
    emailVerified: true,
    locale: 'en',
    hasSourceUser: false,
    hasPassword: true,
    role: 'advertiser',
    localRole: 'admin',
    nameDisplay: 'User',
    permissions: [],
    adminUser: null,
    agencyUser: null,
    advertiserUser: null,
    ...overrides,
  };
}

export const adminMe = (overrides: Partial<MeDto> = {}) =>
  me({ role: 'admin', localRole: 'admin', adminUser: adminUser(), ...overrides });

export const agencyMe = (overrides: Partial<MeDto> = {}) =>
  me({ role: 'agency', localRole: 'admin', agencyUser: agencyUser(), ...overrides });

export const advertiserMe = (overrides: Partial<MeDto> = {}) =>
  me({ role: 'advertiser', localRole: 'admin', advertiserUser: advertiserUser(), ...overrides });

/** Drops every cookie of the document (tests share one jsdom document). */
export function clearCookies(): void {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}
