import type {
  AdvertiserUserEntry,
  AgencyUserEntry,
  OrganisationKind,
  OrganisationUserEntry,
  RoleDto,
} from '@rtb/shared';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { toast } from 'react-toastify';
import { renderPage } from '../../account/account-test-utils';
import { ToastProvider } from '../../shell/toast/toaster';

/** The namespace is registered by the admin panel's texts; tests add it themselves. */
export function dismissToasts() {
  act(() => toast.dismiss());
}

/** `renderPage` with the toast container, as the app has it. */
export function renderWithToasts(page: ReactElement, options: Parameters<typeof renderPage>[1]) {
  return renderPage(<ToastProvider>{page}</ToastProvider>, options);
}

const at = '2024-05-01 10:00:00';

const person = (id: number) => ({
  id,
  createdAt: at,
  updatedAt: at,
  locale: 'en',
  user: { id: 100 + id, login: 'olga@example.com', enabled: true },
  role: { id: 12, slug: 'manager', name: 'Manager' },
  firstName: 'Olga',
  lastName: 'Owczarek',
  email: 'olga@example.com',
  phone: null,
  avatarColor: '#2563eb',
  avatarInitials: 'OO',
  type: 'default' as const,
  lastLoginAt: '2024-06-02 08:30:00',
  emailVerified: true,
});

export function makeAgencyUser(overrides: Partial<AgencyUserEntry> = {}): AgencyUserEntry {
  return {
    ...person(overrides.id ?? 21),
    agencyId: 3,
    agency: { id: 3, name: 'Nowa Agencja' },
    ...overrides,
  };
}

export function makeAdvertiserUser(overrides: Partial<AdvertiserUserEntry> = {}): AdvertiserUserEntry {
  return {
    ...person(overrides.id ?? 21),
    advertiserId: 4,
    advertiser: { id: 4, name: 'Demo Shop', agencyId: 3 },
    ...overrides,
  };
}

const role = (id: number, category: OrganisationKind, slug: string, name: string): RoleDto => ({
  id,
  slug,
  name,
  category,
  editable: slug !== 'admin',
  permissions: [],
});

/** GET /admin/roles?category=<kind>: administrator 11, manager 12, read only 13. */
export const rolesReply = (kind: OrganisationKind) =>
  [
    200,
    {
      data: {
        roles: {
          elements: [
            role(11, kind, 'admin', 'Administrator'),
            role(12, kind, 'manager', 'Manager'),
            role(13, kind, 'viewer', 'Read only'),
          ],
          meta: { page: 1, perPage: 100, total: 3, lastPage: 1 },
        },
      },
    },
  ] as const;

export const localesReply = [
  200,
  {
    data: {
      locales: {
        elements: [
          { id: 1, code: 'en', name: 'English', enabled: true, createdAt: at, updatedAt: at },
          { id: 2, code: 'pl', name: 'Polski', enabled: true, createdAt: at, updatedAt: at },
        ],
        meta: { page: 1, perPage: 100, total: 2, lastPage: 1 },
      },
    },
  },
] as const;

export const listReply = (kind: OrganisationKind, elements: OrganisationUserEntry[], meta = {}) =>
  [
    200,
    {
      data: {
        [kind === 'agency' ? 'agencyUsers' : 'advertiserUsers']: {
          elements,
          meta: { page: 1, perPage: 10, total: elements.length, lastPage: 1, ...meta },
        },
      },
    },
  ] as const;
