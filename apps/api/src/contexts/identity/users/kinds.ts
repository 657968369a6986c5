import {
  type AccountKind,
  adminUserMessages,
  organisationUserMessages,
  type PageQuery,
  type UserType,
} from '@rtb/shared';

/** What differs between admin, agency and advertiser users; everything else is shared. */
export const kindOf = {
  admin: {
    entityType: 'admin_user',
    /** Refused when the platform would lose its last administrator. */
    lastAdmin: adminUserMessages.lastAdmin,
    /** Admin users belong to no organisation. */
    organisation: null,
  },
  agency: {
    entityType: 'agency_user',
    lastAdmin: organisationUserMessages.lastAdmin,
    /** The body field naming the organisation, and its error when there is no such one. */
    organisation: { field: 'agencyId', unknown: organisationUserMessages.unknownAgency },
  },
  advertiser: {
    entityType: 'advertiser_user',
    lastAdmin: organisationUserMessages.lastAdmin,
    organisation: { field: 'advertiserId', unknown: organisationUserMessages.unknownAdvertiser },
  },
} as const satisfies Record<AccountKind, object>;

/**
 * The organisations whose users a panel reaches: an admin every one (`{}`), an agency its own
 * agency's users (`agencyId`, for agency users) and its advertisers' users (`agencyId`, for
 * advertiser users), an advertiser its own users (`advertiserId`). An id outside it is not found;
 * admin users are in no organisation, so only the admin panel's scope reaches them.
 */
export interface UserScope {
  agencyId?: number;
  advertiserId?: number;
}

/** The admin panel's scope: every organisation. */
export const everyOrganisation: UserScope = {};

/** A list query of any kind, with its organisation filter under one name. */
export interface UsersFilter extends PageQuery {
  search?: string;
  sort: 'name' | 'email' | 'createdAt' | 'lastLoginAt';
  order: 'asc' | 'desc';
  organisationId?: number;
  enabled?: boolean;
  type?: UserType;
  roleId?: number;
}

/**
 * The organisation's id as a list query or a create body names it: `agencyId` for agency users,
 * `advertiserId` for advertiser users; neither for admin users, nor in a team's own.
 */
export interface OrganisationIds {
  agencyId?: number;
  advertiserId?: number;
}

/** A list query as a route reads it (the schema's output): its organisation's id, if any, under the kind's name. */
export type UsersQuery = Omit<UsersFilter, 'organisationId'> & OrganisationIds;

/** A query or a create body with its organisation's id, if any, under one name (`organisationId`). */
export function byOrganisation<T extends OrganisationIds>({ agencyId, advertiserId, ...rest }: T) {
  return { ...rest, organisationId: agencyId ?? advertiserId };
}

/** A create body of any kind, with its organisation under one name (admins have none, nor a type). */
export interface NewUser {
  organisationId?: number;
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  roleId: number;
  type?: UserType;
  locale?: string;
}

/** A create body as a route reads it (the schema's output): its organisation's id, if any, under the kind's name. */
export type NewUserBody = Omit<NewUser, 'organisationId'> & OrganisationIds;
