import { z } from 'zod';
import { userTypes } from '../enums';
import { emailField } from './auth';
import { apiDateTime, envelope, listOf, listQuery } from './common';
import { advertiserUserDto, agencyUserDto, profileFields } from './users';

/** The organisations whose users the admin panel manages (and logs in as). */
export const organisationKinds = ['agency', 'advertiser'] as const;
export type OrganisationKind = (typeof organisationKinds)[number];

const signInFacts = { lastLoginAt: apiDateTime.nullable(), emailVerified: z.boolean() };

/** An agency user as the admin panel shows it: the spec's user profile plus sign-in facts. */
export const agencyUserEntry = agencyUserDto.extend(signInFacts);
export type AgencyUserEntry = z.infer<typeof agencyUserEntry>;

/** An advertiser user as the admin panel shows it: the spec's user profile plus sign-in facts. */
export const advertiserUserEntry = advertiserUserDto.extend(signInFacts);
export type AdvertiserUserEntry = z.infer<typeof advertiserUserEntry>;

export const organisationUserSortFields = ['name', 'email', 'createdAt', 'lastLoginAt'] as const;

const id = z.coerce.number().int().positive();
const commonFilters = {
  enabled: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  type: z.enum(userTypes).optional(),
  roleId: id.optional(),
};

export const agencyUsersQuery = listQuery(organisationUserSortFields, 'name').extend({
  ...commonFilters,
  agencyId: id.optional(),
});
export type AgencyUsersQuery = z.infer<typeof agencyUsersQuery>;

export const advertiserUsersQuery = listQuery(organisationUserSortFields, 'name').extend({
  ...commonFilters,
  advertiserId: id.optional(),
});
export type AdvertiserUsersQuery = z.infer<typeof advertiserUsersQuery>;

export const agencyUsersResponse = envelope({ agencyUsers: listOf(agencyUserEntry) });
export const agencyUserResponse = envelope({ agencyUser: agencyUserEntry });
export const advertiserUsersResponse = envelope({ advertiserUsers: listOf(advertiserUserEntry) });
export const advertiserUserResponse = envelope({ advertiserUser: advertiserUserEntry });

const locale = z.string().trim().min(2).max(10);
const editable = { ...profileFields, roleId: id, type: z.enum(userTypes), locale };

/** What both create bodies have besides the organisation's id. */
export const invitationFields = {
  email: emailField,
  ...profileFields,
  roleId: id,
  type: z.enum(userTypes).default('default'),
  locale: locale.optional(),
};

export const createAgencyUserBody = z.object({ agencyId: id, ...invitationFields });
export type CreateAgencyUserBody = z.infer<typeof createAgencyUserBody>;

export const createAdvertiserUserBody = z.object({ advertiserId: id, ...invitationFields });
export type CreateAdvertiserUserBody = z.infer<typeof createAdvertiserUserBody>;

/** Names, phone, role, type and language: what an admin may change (never the organisation). */
export const updateOrganisationUserBody = z.object(editable);
export type UpdateOrganisationUserBody = z.infer<typeof updateOrganisationUserBody>;

// --- The agency and advertiser panels' own users ----------------------------------------------

/**
 * The users of the signed-in user's own organisation (agency-users in the agency panel,
 * advertiser-users in the advertiser panel): the organisation comes from the session.
 */
export const teamUsersQuery = listQuery(organisationUserSortFields, 'name').extend(commonFilters);
export type TeamUsersQuery = z.infer<typeof teamUsersQuery>;

/** An invitation into the signed-in user's own organisation. */
export const inviteTeamUserBody = z.object(invitationFields);
export type InviteTeamUserBody = z.infer<typeof inviteTeamUserBody>;
