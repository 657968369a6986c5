import {
  type AccountKind,
  idParams,
  meWithTokenResponse,
  rolesResponse,
  statusBody,
  userEnabledBody,
  userPasswordResetResponse,
} from '@rtb/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { principalOf, type RouteAccess } from '../../../core/access';
import { clientOf } from '../../../core/client-info';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { listRolesPage } from '../roles/list-roles';
import { inviteUser } from './create-user';
import { getUser } from './get-user';
import { byOrganisation, type NewUser, type NewUserBody, type UserScope, type UsersQuery } from './kinds';
import { listUsersPage } from './list-users';
import { logInAsOrganisation } from './log-in-as-organisation';
import { logInAsUser } from './log-in-as-user';
import { resendActivation } from './resend-activation';
import { sendPasswordReset } from './send-password-reset';
import { setUserEnabled } from './set-enabled';
import { type UserChanges, updateUser } from './update-user';

/** One panel's routes over the users of one kind: paths, data keys, permission, scope, schemas. */
export interface UserRoutes {
  panel: AccountKind;
  kind: AccountKind;
  users: '/admin-users' | '/agency-users' | '/advertiser-users';
  resource: 'admin-users' | 'agency-users' | 'advertiser-users';
  listKey: 'adminUsers' | 'agencyUsers' | 'advertiserUsers';
  itemKey: 'adminUser' | 'agencyUser' | 'advertiserUser';
  /** The organisations whose users the signed-in user reaches. */
  scopeOf: (request: FastifyRequest) => UserScope;
  /** The schemas in packages/shared that the web's contract names (`contract.agencyUsers.list`...). */
  query: z.ZodType<UsersQuery, unknown>;
  /** Without the organisation's id when it is the signed-in user's own. */
  createBody: z.ZodType<NewUserBody, unknown>;
  updateBody: z.ZodType<UserChanges, unknown>;
  listResponse: z.ZodType;
  itemResponse: z.ZodType;
  /** Where this panel may "log in as" the users, and their organisation at `<path>/:id/auth`. */
  logInAs?: { organisations: '/agencies' | '/advertisers' };
}

/**
 * The user routes of one panel and kind: list, roles (agency and advertiser users; the admin
 * panel's own are at /roles), one, invite, edit, enable/disable, resend the activation, start a
 * password reset and, where the panel may, log in as. Every one keeps to the scope: a user outside
 * it is not found.
 */
export const userRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; spec: UserRoutes }> = async (
  app,
  { deps, spec },
) => {
  const { kind, users, listKey, itemKey, scopeOf } = spec;
  const tags = [`${spec.panel} ${spec.resource}`];
  const read: RouteAccess = { kind: spec.panel, permission: [spec.resource, 'read'] };
  const write: RouteAccess = { kind: spec.panel, permission: [spec.resource, 'write'] };
  /** The organisation of an invitation: the body's, else the signed-in user's own (none for admins). */
  const organisationIdOf = (body: NewUser, scope: UserScope) =>
    body.organisationId ?? { admin: undefined, agency: scope.agencyId, advertiser: scope.advertiserId }[kind];

  app.get(users, {
    config: { access: read },
    schema: {
      tags,
      summary: `List ${kind} users (search by name or e-mail; filter, sort and page)`,
      querystring: spec.query,
      response: { 200: spec.listResponse },
    },
    handler: async (request) => ({
      data: { [listKey]: await listUsersPage(deps, kind, scopeOf(request), byOrganisation(request.query)) },
    }),
  });

  if (kind !== 'admin')
    app.get(`${users}/roles`, {
      config: { access: read },
      schema: {
        tags,
        summary: `The roles a ${kind} user may have (those of the ${kind} category)`,
        response: { 200: rolesResponse },
      },
      handler: async () => ({
        data: {
          roles: await listRolesPage(deps, {
            category: kind,
            sort: 'name',
            order: 'asc',
            page: 1,
            perPage: 100,
          }),
        },
      }),
    });

  app.get(`${users}/:id`, {
    config: { access: read },
    schema: { tags, summary: `One ${kind} user`, params: idParams, response: { 200: spec.itemResponse } },
    handler: async (request) => ({
      data: { [itemKey]: await getUser(deps, kind, scopeOf(request), request.params.id) },
    }),
  });

  app.post(users, {
    config: { access: write },
    schema: {
      tags,
      summary: `Invite an ${kind} user (an activation e-mail is sent)`,
      body: spec.createBody,
      response: { 201: spec.itemResponse },
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const invitation = byOrganisation(request.body);
      const body = { ...invitation, organisationId: organisationIdOf(invitation, scope) };
      const user = await inTransaction(deps, (tx) => inviteUser(tx, kind, scope, body, actorOf(request)));
      reply.code(201);
      return { data: { [itemKey]: user } };
    },
  });

  app.put(`${users}/:id`, {
    config: { access: write },
    schema: {
      tags,
      summary: `Edit an ${kind} user's names, phone, role, language and type, if any (not one's own role or type)`,
      params: idParams,
      body: spec.updateBody,
      response: { 200: spec.itemResponse },
    },
    handler: async (request) => ({
      data: {
        [itemKey]: await inTransaction(deps, (tx) =>
          updateUser(tx, kind, scopeOf(request), request.params.id, request.body, actorOf(request)),
        ),
      },
    }),
  });

  app.put(`${users}/:id/enabled`, {
    config: { access: write },
    schema: {
      tags,
      summary: `Enable or disable an ${kind} user (disabling signs them out; never oneself)`,
      params: idParams,
      body: userEnabledBody,
      response: { 200: spec.itemResponse },
    },
    handler: async (request) => ({
      data: {
        [itemKey]: await inTransaction(deps, (tx) =>
          setUserEnabled(
            tx,
            kind,
            scopeOf(request),
            request.params.id,
            request.body.enabled,
            actorOf(request),
          ),
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
        resendActivation(tx, kind, scopeOf(request), request.params.id, actorOf(request)),
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
          sendPasswordReset(tx, kind, scopeOf(request), request.params.id, actorOf(request)),
        ),
      },
    }),
  });

  if (!spec.logInAs || kind === 'admin') return;
  const logIns = [
    {
      path: `${users}/:id/auth`,
      summary: `Log in as this ${kind} user (with their permissions; the caller's session is the source)`,
      logIn: logInAsUser,
    },
    {
      path: `${spec.logInAs.organisations}/:id/auth`,
      summary: `Log in as this ${kind}'s oldest active administrator user`,
      logIn: logInAsOrganisation,
    },
  ];
  for (const { path, summary, logIn } of logIns) {
    app.post(path, {
      config: { access: write },
      schema: { tags, summary, params: idParams, response: { 200: meWithTokenResponse } },
      handler: async (request) => ({
        data: await inTransaction(deps, (tx) =>
          logIn(
            tx,
            kind,
            scopeOf(request),
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
