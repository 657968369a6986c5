import {
  createRoleBody,
  idParams,
  permissionsQuery,
  permissionsResponse,
  roleResponse,
  rolesQuery,
  rolesResponse,
  statusBody,
  updateRoleBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { createRole } from './create-role';
import { removeRole } from './delete-role';
import { getRole } from './get-role';
import { listPermissionCatalogue } from './list-permissions';
import { listRolesPage } from './list-roles';
import { updateRole } from './update-role';

const read: RouteAccess = { kind: 'admin', permission: ['roles', 'read'] };
const write: RouteAccess = { kind: 'admin', permission: ['roles', 'write'] };

/** `/api/admin/roles` and `/api/admin/permissions`: the roles of every category and what they grant. */
export const rolesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin roles'];

  app.get('/roles', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Roles with their permissions, optionally of one category',
      querystring: rolesQuery,
      response: { 200: rolesResponse },
    },
    handler: async (request) => ({ data: { roles: await listRolesPage(deps, request.query) } }),
  });

  app.get('/roles/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One role with its permissions',
      params: idParams,
      response: { 200: roleResponse },
    },
    handler: async (request) => ({ data: { role: await getRole(deps, request.params.id) } }),
  });

  app.post('/roles', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Add an editable role to a category (its slug comes from the name)',
      body: createRoleBody,
      response: { 201: roleResponse },
    },
    handler: async (request, reply) => {
      const role = await inTransaction(deps, (tx) => createRole(tx, request.body, actorOf(request)));
      reply.code(201);
      return { data: { role } };
    },
  });

  app.put('/roles/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Rename an editable role and set its permissions (takes effect at once)',
      params: idParams,
      body: updateRoleBody,
      response: { 200: roleResponse },
    },
    handler: async (request) => ({
      data: {
        role: await inTransaction(deps, (tx) =>
          updateRole(tx, request.params.id, request.body, actorOf(request)),
        ),
      },
    }),
  });

  app.delete('/roles/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Delete an editable role that no user has',
      params: idParams,
      response: { 200: statusBody },
    },
    handler: async (request) => {
      await inTransaction(deps, (tx) => removeRole(tx, request.params.id, actorOf(request)));
      return { data: { status: 'deleted' } };
    },
  });

  app.get('/permissions', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The permission catalogue per category, grouped',
      querystring: permissionsQuery,
      response: { 200: permissionsResponse },
    },
    handler: async (request) => ({
      data: { permissions: await listPermissionCatalogue(deps, request.query) },
    }),
  });
};
