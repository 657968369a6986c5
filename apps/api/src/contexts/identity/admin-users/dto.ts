import { type AdminUserEntry, toApiDateTime } from '@rtb/shared';
import type { AdminUserRow } from './repository';

const initials = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();

/** An admin user as the API shows it (the `adminUserDto` shape plus sign-in facts). */
export function toAdminUserEntry(row: AdminUserRow): AdminUserEntry {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
    locale: row.locale,
    user: { id: row.accountId, login: row.login, enabled: row.enabled },
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.login,
    phone: row.phone,
    avatarColor: row.avatarColor,
    avatarInitials: initials(row.firstName, row.lastName),
    lastLoginAt: row.lastLoginAt ? toApiDateTime(row.lastLoginAt) : null,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

/** The fields an activity-log row keeps of an admin user (never a password or token). */
export function auditedFields(row: AdminUserRow) {
  return {
    email: row.login,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    roleId: row.role.id,
    locale: row.locale,
    enabled: row.enabled,
  };
}
