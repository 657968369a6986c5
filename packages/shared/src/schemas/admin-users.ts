import { z } from 'zod';
import { emailField } from './auth';
import { apiDateTime, envelope, listOf, listQuery } from './common';
import { adminUserDto, profileFields } from './users';

/** An admin user as the Users list and page show it: the profile plus sign-in facts. */
export const adminUserEntry = adminUserDto.extend({
  lastLoginAt: apiDateTime.nullable(),
  emailVerified: z.boolean(),
});
export type AdminUserEntry = z.infer<typeof adminUserEntry>;

export const adminUserSortFields = ['name', 'email', 'createdAt'] as const;
export type AdminUserSortField = (typeof adminUserSortFields)[number];

export const adminUsersQuery = listQuery(adminUserSortFields, 'name').extend({
  enabled: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  roleId: z.coerce.number().int().positive().optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUsersResponse = envelope({ adminUsers: listOf(adminUserEntry) });
export const adminUserResponse = envelope({ adminUser: adminUserEntry });

const roleId = z.coerce.number().int().positive();
const locale = z.string().trim().min(2).max(10);

export const createAdminUserBody = z.object({
  email: emailField,
  ...profileFields,
  roleId,
  locale: locale.optional(),
});
export type CreateAdminUserBody = z.infer<typeof createAdminUserBody>;

export const updateAdminUserBody = z.object({ ...profileFields, roleId, locale });
export type UpdateAdminUserBody = z.infer<typeof updateAdminUserBody>;

/** What POST admin-users/:id/password answers: the reset mail went to this address. */
export const userPasswordResetResponse = envelope({
  userPasswordReset: z.object({ email: z.string(), validMinutes: z.number().int() }),
});
