import { type OrganisationKind, organisationUserMessages, type PageQuery, type UserType } from '@rtb/shared';

/** What differs between agency users and advertiser users; everything else is shared. */
export const kindOf = {
  agency: {
    entityType: 'agency_user',
    /** The body field naming the organisation, and its error when there is no such one. */
    organisationField: 'agencyId',
    unknownOrganisation: organisationUserMessages.unknownAgency,
  },
  advertiser: {
    entityType: 'advertiser_user',
    organisationField: 'advertiserId',
    unknownOrganisation: organisationUserMessages.unknownAdvertiser,
  },
} as const satisfies Record<OrganisationKind, object>;

/**
 * The organisations whose users a panel reaches: an admin every one (`{}`), an agency its own
 * agency's users (`agencyId`, for agency users) and its advertisers' users (`agencyId`, for
 * advertiser users), an advertiser its own users (`advertiserId`). An id outside it is not found.
 */
export interface UserScope {
  agencyId?: number;
  advertiserId?: number;
}

/** The admin panel's scope: every organisation. */
export const everyOrganisation: UserScope = {};

/** A list query of either kind, with its organisation filter under one name. */
export interface OrganisationUsersFilter extends PageQuery {
  search?: string;
  sort: 'name' | 'email' | 'createdAt' | 'lastLoginAt';
  order: 'asc' | 'desc';
  organisationId?: number;
  enabled?: boolean;
  type?: UserType;
  roleId?: number;
}

/** A create body of either kind, with its organisation under one name. */
export interface NewOrganisationUser {
  organisationId: number;
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  roleId: number;
  type: UserType;
  locale?: string;
}
