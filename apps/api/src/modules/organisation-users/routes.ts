import {
  advertiserUserResponse,
  advertiserUsersQuery,
  advertiserUsersResponse,
  agencyUserResponse,
  agencyUsersQuery,
  agencyUsersResponse,
  createAdvertiserUserBody,
  createAgencyUserBody,
  idParams,
  meWithTokenResponse,
  type OrganisationKind,
  organisationUserEnabledBody,
  statusBody,
  updateOrganisationUserBody,
  userPasswordResetResponse,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { principalOf, type RouteAccess } from '../../core/access';
import { type AppDeps, inTransaction } from '../../core/deps';
import { actorOf } from '../activity-logs/service';
import { clientOf } from '../auth/routes';
import { inviteOrganisationUser } from './create-organisation-user';
import { getOrganisationUser } from './get-organisation-user';
import type { NewOrganisationUser, OrganisationUsersFilter } from './kinds';
import { listOrganisationUsersPage } from './list-organisation-users';
import { logInAsOrganisation } from './log-in-as-organisation';
import { logInAsUser } from './log-in-as-user';
import { resendOrganisationUserActivation } from './resend-activation';
import { sendOrganisationUserPasswordReset } from './send-password-reset';
import { setOrganisationUserEnabled } from './set-enabled';
import { updateOrganisationUser } from './update-organisation-user';

/** The routes of one kind: its paths, data keys, permission and schemas. */
interface KindRoutes {
  kind: OrganisationKind;
  users: '/agency-users' | '/advertiser-users';
  organisations: '/agencies' | '/advertisers';
  resource: 'agency-users' | 'advertiser-users';
  listKey: 'agencyUsers' | 'advertiserUsers';
  itemKey: 'agencyUser' | 'advertiserUser';
  /** The kind's query and create body, with the organisation's id under one name. */
  query: z.ZodType<OrganisationUsersFilter, unknown>;
  createBody: z.ZodType<NewOrganisationUser, unknown>;
  listResponse: z.ZodType;
  itemResponse: z.ZodType;
}

const kinds: KindRoutes[] = [
  {
    kind: 'agency',
    users: '/agency-users',
    organisations: '/agencies',
    resource: 'agency-users',
    listKey: 'agencyUsers',
    itemKey: 'agencyUser',
    query: agencyUsersQuery.transform(({ agencyId, ...rest }) => ({ ...rest, organisationId: agencyId })),
    createBody: createAgencyUserBody.transform(({ agencyId, ...rest }) => ({
      ...rest,
      organisationId: agencyId,
    })),
    listResponse: agencyUsersResponse,
    itemResponse: agencyUserResponse,
  },
  {
    kind: 'advertiser',
    users: '/advertiser-users',
    organisations: '/advertisers',
    resource: 'advertiser-users',
    listKey: 'advertiserUsers',
    itemKey: 'advertiserUser',
    query: advertiserUsersQuery.transform(({ advertiserId, ...rest }) => ({
      ...rest,
      organisationId: advertiserId,
    })),
    createBody: createAdvertiserUserBody.transform(({ advertiserId, ...rest }) => ({
      ...rest,
      organisationId: advertiserId,
    })),
    listResponse: advertiserUsersResponse,
    itemResponse: advertiserUserResponse,
  },
];

/**
 * `/api/admin/agency-users/...` and `/api/admin/advertiser-users/...` (the organisations' users,
 * managed by admins), and "log in as" them or their organisation
 * (`/api/admin/{agencies|advertisers}/:id/auth`).
 */
export const organisationUsersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const spec of kinds) {
    const { kind, users, listKey, itemKey } = spec;
    const tags = [`admin ${spec.resource}`];
    const read: RouteAccess = { kind: 'admin', permission: [spec.resource, 'read'] };
    const write: RouteAccess = { kind: 'admin', permission: [spec.resource, 'write'] };

    app.get(users, {
      config: { access: read },
      schema: {
        tags,
        summary: `List ${kind} users (search by name or e-mail; filter by ${kind}, status, type and role)`,
        querystring: spec.query,
        response: { 200: spec.listResponse },
      },
      handler: async (request) => ({
        data: { [listKey]: await listOrganisationUsersPage(deps, kind, request.query) },
      }),
    });

    app.get(`${users}/:id`, {
      config: { access: read },
      schema: { tags, summary: `One ${kind} user`, params: idParams, response: { 200: spec.itemResponse } },
      handler: async (request) => ({
        data: { [itemKey]: await getOrganisationUser(deps, kind, request.params.id) },
      }),
    });

    app.post(users, {
      config: { access: write },
      schema: {
        tags,
        summary: `Invite a ${kind} user (an activation e-mail is sent)`,
        body: spec.createBody,
        response: { 201: spec.itemResponse },
      },
      handler: async (request, reply) => {
        const user = await inTransaction(deps, (tx) =>
          inviteOrganisationUser(tx, kind, request.body, actorOf(request)),
        );
        reply.code(201);
        return { data: { [itemKey]: user } };
      },
    });

    app.put(`${users}/:id`, {
      config: { access: write },
      schema: {
        tags,
        summary: `Edit a ${kind} user's names, phone, role, type and language`,
        params: idParams,
        body: updateOrganisationUserBody,
        response: { 200: spec.itemResponse },
      },
      handler: async (request) => ({
        data: {
          [itemKey]: await inTransaction(deps, (tx) =>
            updateOrganisationUser(tx, kind, request.params.id, request.body, actorOf(request)),
          ),
        },
      }),
    });

    app.put(`${users}/:id/enabled`, {
      config: { access: write },
      schema: {
        tags,
        summary: `Enable or disable a ${kind} user (disabling signs them out)`,
        params: idParams,
        body: organisationUserEnabledBody,
        response: { 200: spec.itemResponse },
      },
      handler: async (request) => ({
        data: {
          [itemKey]: await inTransaction(deps, (tx) =>
            setOrganisationUserEnabled(tx, kind, request.params.id, request.body.enabled, actorOf(request)),
          ),
        },
      }),
    });

    app.post(`${users}/:id/activation-email`, {
      config: { access: write },
      schema: {
        tags,
        summary: 'Send the activation e-mail again',
        params: idParams,
        response: { 200: statusBody },
      },
      handler: async (request) => {
        await inTransaction(deps, (tx) =>
          resendOrganisationUserActivation(tx, kind, request.params.id, actorOf(request)),
        );
        return { data: { status: 'activation_sent' } };
      },
    });

    app.post(`${users}/:id/password`, {
      config: { access: write },
      schema: {
        tags,
        summary: 'Start a password reset (the user gets the reset e-mail)',
        params: idParams,
        response: { 200: userPasswordResetResponse },
      },
      handler: async (request) => ({
        data: {
          userPasswordReset: await inTransaction(deps, (tx) =>
            sendOrganisationUserPasswordReset(tx, kind, request.params.id, actorOf(request)),
          ),
        },
      }),
    });

    app.post(`${users}/:id/auth`, {
      config: { access: write },
      schema: {
        tags,
        summary: `Log in as this ${kind} user (with their permissions; the admin's session is the source)`,
        params: idParams,
        response: { 200: meWithTokenResponse },
      },
      handler: async (request) => ({
        data: await inTransaction(deps, (tx) =>
          logInAsUser(
            tx,
            kind,
            request.params.id,
            principalOf(request).tokenId,
            actorOf(request),
            clientOf(request),
          ),
        ),
      }),
    });

    app.post(`${spec.organisations}/:id/auth`, {
      config: { access: write },
      schema: {
        tags,
        summary: `Log in as this ${kind}'s oldest active administrator user`,
        params: idParams,
        response: { 200: meWithTokenResponse },
      },
      handler: async (request) => ({
        data: await inTransaction(deps, (tx) =>
          logInAsOrganisation(
            tx,
            kind,
            request.params.id,
            principalOf(request).tokenId,
            actorOf(request),
            clientOf(request),
          ),
        ),
      }),
    });
  }
};
