import type { AccountKind, AdminUserEntry, AdvertiserUserEntry, AgencyUserEntry, RoleDto } from '@rtb/shared';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { toast } from 'react-toastify';
import { renderPage } from '../../account/account-test-utils';
import { ToastProvider } from '../../shell/toast/toaster';
import type { UserEntry } from './users-api';

/** The users' texts are registered by the feature itself (texts.ts). */
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
  firstName: 'Olga',
  email: 'olga@example.com',
  phone: null,
  avatarColor: '#2563eb',
  avatarInitials: 'OO',
  lastLoginAt: '2024-06-02 08:30:00',
  emailVerified: true,
});

export function makeAdminUser(overrides: Partial<AdminUserEntry> = {}): AdminUserEntry {
  return {
    ...person(overrides.id ?? 21),
    role: { id: 2, slug: 'operator', name: 'Operator' },
    lastName: 'Operator',
    ...overrides,
  };
}

const organisationPerson = (id: number) => ({
  ...person(id),
  role: { id: 12, slug: 'manager', name: 'Manager' },
  lastName: 'Owczarek',
  type: 'default' as const,
});

export function makeAgencyUser(overrides: Partial<AgencyUserEntry> = {}): AgencyUserEntry {
  return {
    ...organisationPerson(overrides.id ?? 21),
    agencyId: 3,
    agency: { id: 3, name: 'Nowa Agencja' },
    ...overrides,
  };
}

export function makeAdvertiserUser(overrides: Partial<AdvertiserUserEntry> = {}): AdvertiserUserEntry {
  return {
    ...organisationPerson(overrides.id ?? 21),
    advertiserId: 4,
    advertiser: { id: 4, name: 'Demo Shop', agencyId: 3 },
    ...overrides,
  };
}

const organisationRoles: [number, string, string][] = [
  [11, 'admin', 'Administrator'],
  [12, 'manager', 'Manager'],
  [13, 'viewer', 'Read only'],
];

/** The roles of each kind: id, slug and name. */
const rolesOf: Record<AccountKind, [number, string, string][]> = {
  admin: [
    [1, 'admin', 'Administrator'],
    [2, 'operator', 'Operator'],
    [3, 'viewer', 'Read only'],
  ],
  agency: organisationRoles,
  advertiser: organisationRoles,
};

/** GET /admin/roles?category=admin, GET .../{agency,advertiser}-users/roles. */
export const rolesReply = (kind: AccountKind) =>
  [
    200,
    {
      data: {
        roles: {
          elements: rolesOf[kind].map(
            ([id, slug, name]): RoleDto => ({
              id,
              slug,
              name,
              category: kind,
              editable: slug !== 'admin',
              permissions: [],
            }),
          ),
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

export const listReply = (kind: AccountKind, elements: UserEntry[], meta = {}) =>
  [
    200,
    {
      data: {
        [`${kind}Users`]: {
          elements,
          meta: { page: 1, perPage: 25, total: elements.length, lastPage: 1, ...meta },
        },
      },
    },
  ] as const;
