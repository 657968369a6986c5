import type { AdminUserEntry, PageMeta, RoleDto } from '@rtb/shared';
import { useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '../../lib/api-client';

/** The pages' routes (spec section 2: admins, admins/single). */
export const ADMIN_USERS_PATH = '/panel/admin/admins';
export const adminUserPath = (id?: number) =>
  id === undefined ? `${ADMIN_USERS_PATH}/single` : `${ADMIN_USERS_PATH}/single?id=${id}`;

export const adminUsersKeys = {
  all: ['admin-users'] as const,
  list: (params: RequestOptions['params']) => ['admin-users', 'list', params] as const,
  detail: (id: number) => ['admin-users', 'detail', id] as const,
  roles: ['roles', 'admin'] as const,
};

export function useAdminUsers(params: RequestOptions['params']) {
  return useQuery({
    queryKey: adminUsersKeys.list(params),
    queryFn: async () =>
      (
        await api.get<{ data: { adminUsers: { elements: AdminUserEntry[]; meta: PageMeta } } }>(
          '/admin/admin-users',
          params,
        )
      ).data.adminUsers,
    placeholderData: (previous) => previous,
  });
}

export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: adminUsersKeys.detail(id ?? 0),
    queryFn: async () =>
      (await api.get<{ data: { adminUser: AdminUserEntry } }>(`/admin/admin-users/${id}`)).data.adminUser,
    enabled: id !== null,
    retry: false,
  });
}

export function useAdminRoles() {
  return useQuery({
    queryKey: adminUsersKeys.roles,
    queryFn: async () =>
      (
        await api.get<{ data: { roles: { elements: RoleDto[] } } }>('/admin/roles', {
          category: 'admin',
        })
      ).data.roles.elements,
    staleTime: 5 * 60_000,
  });
}

export const fullName = (user: Pick<AdminUserEntry, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();
