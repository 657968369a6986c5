import {
  type AdvertiserUserEntry,
  type AgencyUserEntry,
  type OrganisationKind,
  type OrganisationUserEntry,
  toApiDateTime,
} from '@rtb/shared';
import type { OrganisationUserRow } from './repository';

const initials = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();

function profileOf(row: OrganisationUserRow) {
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
    type: row.type,
    lastLoginAt: row.lastLoginAt ? toApiDateTime(row.lastLoginAt) : null,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

/** An agency user as the API shows it (the spec's user profile plus sign-in facts). */
function toAgencyUserEntry(row: OrganisationUserRow): AgencyUserEntry {
  const { id, name } = row.organisation;
  return { ...profileOf(row), agencyId: id, agency: { id, name } };
}

/** An advertiser user as the API shows it (the spec's user profile plus sign-in facts). */
function toAdvertiserUserEntry(row: OrganisationUserRow): AdvertiserUserEntry {
  const { id, name, agencyId } = row.organisation;
  return { ...profileOf(row), advertiserId: id, advertiser: { id, name, agencyId } };
}

export function toOrganisationUserEntry(
  kind: OrganisationKind,
  row: OrganisationUserRow,
): OrganisationUserEntry {
  return kind === 'agency' ? toAgencyUserEntry(row) : toAdvertiserUserEntry(row);
}

/** The organisation columns of the user's activity-log rows (an advertiser's agency sees them too). */
export function organisationIdsOf(kind: OrganisationKind, organisation: OrganisationUserRow['organisation']) {
  return kind === 'agency'
    ? { agencyId: organisation.id, advertiserId: null }
    : { agencyId: organisation.agencyId, advertiserId: organisation.id };
}

/** The fields an activity-log row keeps of an organisation user (never a password or token). */
export function auditedFields(row: OrganisationUserRow) {
  return {
    email: row.login,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    roleId: row.role.id,
    type: row.type,
    locale: row.locale,
    enabled: row.enabled,
  };
}
