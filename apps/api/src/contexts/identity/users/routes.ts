import {
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
  advertiserUserResponse,
  advertiserUsersQuery,
  advertiserUsersResponse,
  agencyUserResponse,
  agencyUsersQuery,
  agencyUsersResponse,
  createAdminUserBody,
  createAdvertiserUserBody,
  createAgencyUserBody,
  inviteTeamUserBody,
  teamUsersQuery,
  updateAdminUserBody,
  updateOrganisationUserBody,
} from '@rtb/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAdvertiserId, ownAgencyId } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { everyOrganisation, type UserScope } from './kinds';
import { type UserRoutes, userRoutes } from './user-routes';

/** `/api/admin/admin-users/...`: the platform's admin users. */
const adminUsers: UserRoutes = {
  panel: 'admin',
  kind: 'admin',
  users: '/admin-users',
  resource: 'admin-users',
  listKey: 'adminUsers',
  itemKey: 'adminUser',
  scopeOf: () => everyOrganisation,
  query: adminUsersQuery,
  createBody: createAdminUserBody,
  updateBody: updateAdminUserBody,
  listResponse: adminUsersResponse,
  itemResponse: adminUserResponse,
};

const agencyUsers = {
  kind: 'agency',
  users: '/agency-users',
  resource: 'agency-users',
  listKey: 'agencyUsers',
  itemKey: 'agencyUser',
  updateBody: updateOrganisationUserBody,
  listResponse: agencyUsersResponse,
  itemResponse: agencyUserResponse,
} as const;

const advertiserUsers = {
  kind: 'advertiser',
  users: '/advertiser-users',
  resource: 'advertiser-users',
  listKey: 'advertiserUsers',
  itemKey: 'advertiserUser',
  updateBody: updateOrganisationUserBody,
  listResponse: advertiserUsersResponse,
  itemResponse: advertiserUserResponse,
} as const;

/** The advertiser-users query and create body where the panel picks the advertiser. */
const advertiserUsersOf = { query: advertiserUsersQuery, createBody: createAdvertiserUserBody };

const ownAgency = (request: FastifyRequest): UserScope => ({ agencyId: ownAgencyId(request) });
const ownAdvertiser = (request: FastifyRequest): UserScope => ({ advertiserId: ownAdvertiserId(request) });

/**
 * The admin users, and `/api/admin/agency-users/...` and `/api/admin/advertiser-users/...`: every
 * organisation's users, managed by admins, who may log in as them or their organisation
 * (`/api/admin/{agencies|advertisers}/:id/auth`).
 */
const adminSpecs: UserRoutes[] = [
  adminUsers,
  {
    ...agencyUsers,
    panel: 'admin',
    scopeOf: () => everyOrganisation,
    query: agencyUsersQuery,
    createBody: createAgencyUserBody,
    logInAs: { organisations: '/agencies' },
  },
  {
    ...advertiserUsers,
    ...advertiserUsersOf,
    panel: 'admin',
    scopeOf: () => everyOrganisation,
    logInAs: { organisations: '/advertisers' },
  },
];

/**
 * `/api/agency/agency-users/...` (the agency's own team) and `/api/agency/advertiser-users/...`
 * (the users of the agency's advertisers, whom it may log in as, or as the advertiser at
 * `/api/agency/advertisers/:id/auth`).
 */
const agencySpecs: UserRoutes[] = [
  {
    ...agencyUsers,
    panel: 'agency',
    scopeOf: ownAgency,
    query: teamUsersQuery,
    createBody: inviteTeamUserBody,
  },
  {
    ...advertiserUsers,
    ...advertiserUsersOf,
    panel: 'agency',
    scopeOf: ownAgency,
    logInAs: { organisations: '/advertisers' },
  },
];

/** `/api/advertiser/advertiser-users/...`: the advertiser's own team. */
const advertiserSpecs: UserRoutes[] = [
  {
    ...advertiserUsers,
    panel: 'advertiser',
    scopeOf: ownAdvertiser,
    query: teamUsersQuery,
    createBody: inviteTeamUserBody,
  },
];

const specsOf = { admin: adminSpecs, agency: agencySpecs, advertiser: advertiserSpecs };

/** The users' routes of one panel (registered under its prefix). */
export const usersRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  panel: keyof typeof specsOf;
}> = async (app, { deps, panel }) => {
  for (const spec of specsOf[panel]) await app.register(userRoutes, { deps, spec });
};
