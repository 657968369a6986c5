import {
  type AccountKind,
  type AdminUserEntry,
  type AdvertiserUserEntry,
  type AgencyUserEntry,
  toApiDateTime,
} from '@rtb/shared';
import type { UserRow } from './repository';

export type UserEntry = AdminUserEntry | AgencyUserEntry | AdvertiserUserEntry;

const initials = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();

/**
 * A user as the API shows it: the spec's user profile plus sign-in facts; an agency or advertiser
 * user with their type and organisation too.
 */
export function toUserEntry(kind: AccountKind, row: UserRow): UserEntry {
  const profile = {
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
  const { type, organisation } = row;
  if (type === null || organisation === null) return profile; // an admin user
  const { id, name, agencyId } = organisation;
  return kind === 'agency'
    ? { ...profile, type, agencyId: id, agency: { id, name } }
    : { ...profile, type, advertiserId: id, advertiser: { id, name, agencyId } };
}

/** The organisation columns of the user's activity-log rows (an advertiser's agency sees them too). */
export function organisationIdsOf(kind: AccountKind, organisation: UserRow['organisation']) {
  if (organisation === null) return { agencyId: null, advertiserId: null };
  return kind === 'agency'
    ? { agencyId: organisation.id, advertiserId: null }
    : { agencyId: organisation.agencyId, advertiserId: organisation.id };
}

/** A user as the activity log names them. */
export const userName = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim();

/** The fields an activity-log row keeps of a user (never a password or token); admins have no type. */
export function auditedFields(row: UserRow) {
  return {
    email: row.login,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    roleId: row.role.id,
    ...(row.type === null ? {} : { type: row.type }),
    locale: row.locale,
    enabled: row.enabled,
  };
}
