import type { AccountKind, PermissionCategoryDto, PermissionMode, RoleDto } from '@rtb/shared';

/** A small catalogue: two groups of the admin category, one of the agency category. */
export const catalogue: PermissionCategoryDto[] = [
  {
    category: 'admin',
    groups: [
      {
        group: 'users',
        permissions: [
          { id: 1, category: 'admin', group: 'users', resource: 'admin-users' },
          { id: 2, category: 'admin', group: 'users', resource: 'agency-users' },
        ],
      },
      {
        group: 'reports',
        permissions: [{ id: 3, category: 'admin', group: 'reports', resource: 'reports' }],
      },
    ],
  },
  {
    category: 'agency',
    groups: [
      {
        group: 'money',
        permissions: [{ id: 10, category: 'agency', group: 'money', resource: 'payments' }],
      },
    ],
  },
];

const groupOf: Record<string, string> = {
  'admin-users': 'users',
  'agency-users': 'users',
  reports: 'reports',
  payments: 'money',
};

export function role(
  id: number,
  name: string,
  options: { category?: AccountKind; editable?: boolean; grants?: [string, PermissionMode][] } = {},
): RoleDto {
  return {
    id,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    category: options.category ?? 'admin',
    editable: options.editable ?? true,
    permissions: (options.grants ?? []).map(([resource, mode], index) => ({
      id: id * 100 + index,
      permissionId: index + 1,
      roleId: id,
      mode,
      group: groupOf[resource] ?? 'users',
      resource,
    })),
  };
}

export const administrator = role(1, 'Administrator', {
  editable: false,
  grants: [
    ['admin-users', 'write'],
    ['agency-users', 'write'],
    ['reports', 'write'],
  ],
});
export const operator = role(2, 'Operator', {
  grants: [
    ['admin-users', 'read'],
    ['reports', 'write'],
  ],
});

export const rolesPage = (elements: RoleDto[]) => ({
  data: {
    roles: { elements, meta: { page: 1, perPage: 25, total: elements.length, lastPage: 1 } },
  },
});
