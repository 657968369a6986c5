import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { accountKinds, permissionModes } from '../enums';
import { envelope, listOf, listQuery } from './common';

/** A permission a role grants (spec section 3, 'Role and permission'). */
export const rolePermissionDto = z.object({
  id: z.number().int(),
  permissionId: z.number().int(),
  roleId: z.number().int(),
  mode: z.enum(permissionModes),
  group: z.string(),
  resource: z.string(),
});
export type RolePermissionDto = z.infer<typeof rolePermissionDto>;

export const roleDto = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.enum(accountKinds),
  editable: z.boolean(),
  permissions: z.array(rolePermissionDto),
});
export type RoleDto = z.infer<typeof roleDto>;

export const roleSortFields = ['category', 'name'] as const;

/** All roles fit one page by default: the panels' role pickers read the whole list. */
export const rolesQuery = listQuery(roleSortFields, 'category').extend({
  perPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  category: z.enum(accountKinds).optional(),
});
export type RolesQuery = z.infer<typeof rolesQuery>;

export const rolesResponse = envelope({ roles: listOf(roleDto) });
export const roleResponse = envelope({ role: roleDto });

/** One grant of a role form: a resource of the role's category, read or write. */
export const rolePermissionInput = z.object({
  resource: z.string().trim().min(1).max(100),
  mode: z.enum(permissionModes),
});
export type RolePermissionInput = z.infer<typeof rolePermissionInput>;

/** Name and the whole permission set: resources left out are not granted. */
export const updateRoleBody = z.object({
  name: z.string().trim().min(1).max(100),
  permissions: z.array(rolePermissionInput).max(MAX_PAGE_SIZE),
});
export type UpdateRoleBody = z.infer<typeof updateRoleBody>;

/** A new role is editable; its slug comes from the name, unique in its category. */
export const createRoleBody = updateRoleBody.extend({ category: z.enum(accountKinds) });
export type CreateRoleBody = z.infer<typeof createRoleBody>;

/** A resource a role of the category can be granted. */
export const permissionEntryDto = z.object({
  id: z.number().int(),
  category: z.enum(accountKinds),
  group: z.string(),
  resource: z.string(),
});
export type PermissionEntryDto = z.infer<typeof permissionEntryDto>;

/** The catalogue of one category, its resources grouped as the role editor shows them. */
export const permissionCategoryDto = z.object({
  category: z.enum(accountKinds),
  groups: z.array(z.object({ group: z.string(), permissions: z.array(permissionEntryDto) })),
});
export type PermissionCategoryDto = z.infer<typeof permissionCategoryDto>;

export const permissionsQuery = z.object({ category: z.enum(accountKinds).optional() });
export type PermissionsQuery = z.infer<typeof permissionsQuery>;

export const permissionsResponse = envelope({ permissions: z.array(permissionCategoryDto) });
