import type { RoleDto, RolePermissionInput } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api, type RequestOptions } from '../../lib/api-client';

/** Every roles query starts with 'roles', the role pickers of the user pages too. */
export const rolesKeys = {
  all: ['roles'] as const,
  list: (params: RequestOptions['params']) => ['roles', 'list', params] as const,
  catalogue: ['roles', 'catalogue'] as const,
};

export function useRoles(params: RequestOptions['params']) {
  return useQuery({
    queryKey: rolesKeys.list(params),
    queryFn: async () => (await api.call(contract.roles.list, { query: params })).data.roles,
    placeholderData: (previous) => previous,
  });
}

/** The resources a role of each category can be granted, grouped (it changes only with releases). */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: rolesKeys.catalogue,
    queryFn: async () => (await api.call(contract.roles.permissions)).data.permissions,
    staleTime: 30 * 60_000,
  });
}

export function useRefreshRoles() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: rolesKeys.all });
}

export function useDeleteRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: (role: RoleDto) => api.call(contract.roles.remove, { path: { id: role.id } }),
    onSuccess: refresh,
  });
}

/** The grants of a role as the form sends them. */
export const grantsOf = (role: RoleDto): RolePermissionInput[] =>
  role.permissions.map(({ resource, mode }) => ({ resource, mode }));

/** A resource's or group's name in the interface language; the key itself for one not translated yet. */
export const resourceName = (t: TFunction, resource: string) => t(`roles:resources.${resource}`, resource);
export const groupName = (t: TFunction, group: string) => t(`roles:groups.${group}`, group);
