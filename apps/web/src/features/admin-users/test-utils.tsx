import type { AdminUserEntry, RoleDto } from '@rtb/shared';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { toast } from 'react-toastify';
import { renderPage } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import en from '../../locales/en/admin-users.json';
import pl from '../../locales/pl/admin-users.json';
import { ToastProvider } from '../../shell/toast/toaster';

/** The namespace is registered by the app's locale index; tests add it themselves. */
export function registerAdminUsersTexts() {
  i18n.addResourceBundle('en', 'admin-users', en, true, true);
  i18n.addResourceBundle('pl', 'admin-users', pl, true, true);
}

export function dismissToasts() {
  act(() => toast.dismiss());
}

/** `renderPage` with the toast container, as the app has it. */
export function renderAdminPage(page: ReactElement, options: Parameters<typeof renderPage>[1]) {
  return renderPage(<ToastProvider>{page}</ToastProvider>, options);
}

const at = '2024-05-01 10:00:00';

export function makeAdminUser(overrides: Partial<AdminUserEntry> = {}): AdminUserEntry {
  const id = overrides.id ?? 21;
  return {
    id,
    createdAt: at,
    updatedAt: at,
    locale: 'en',
    user: { id: 100 + id, login: 'olga@example.com', enabled: true },
    role: { id: 2, slug: 'operator', name: 'Operator' },
    firstName: 'Olga',
    lastName: 'Operator',
    email: 'olga@example.com',
    phone: null,
    avatarColor: '#2563eb',
    avatarInitials: 'OO',
    lastLoginAt: '2024-06-02 08:30:00',
    emailVerified: true,
    ...overrides,
  };
}

const role = (id: number, slug: string, name: string): RoleDto => ({
  id,
  slug,
  name,
  category: 'admin',
  editable: slug !== 'admin',
  permissions: [],
});

export const rolesReply = [
  200,
  {
    data: {
      roles: {
        elements: [
          role(1, 'admin', 'Administrator'),
          role(2, 'operator', 'Operator'),
          role(3, 'viewer', 'Read only'),
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

export const listReply = (elements: AdminUserEntry[], meta = {}) =>
  [
    200,
    {
      data: {
        adminUsers: {
          elements,
          meta: { page: 1, perPage: 25, total: elements.length, lastPage: 1, ...meta },
        },
      },
    },
  ] as const;
