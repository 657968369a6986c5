import {
  adminUserEnabledBody,
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
  createAdminUserBody,
  idParams,
  statusBody,
  updateAdminUserBody,
  userPasswordResetResponse,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { createAdminUser } from './create-admin-user';
import { getAdminUser } from './get-admin-user';
import { listAdminUsersPage } from './list-admin-users';
import { resendAdminActivation } from './resend-activation';
import { sendAdminPasswordReset } from './send-password-reset';
import { setAdminUserEnabled } from './set-enabled';
import { updateAdminUser } from './update-admin-user';

const read: RouteAccess = { kind: 'admin', permission: ['admin-users', 'read'] };
const write: RouteAccess = { kind: 'admin', permission: ['admin-users', 'write'] };

/** `/api/admin/admin-users/...`: the platform's admin users. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin users'];

  app.get('/admin-users', {
    config: { access: read },
    schema: {
      tags,
      summary: 'List admin users (search by name or e-mail, filter by status and role)',
      querystring: adminUsersQuery,
      response: { 200: adminUsersResponse },
    },
    handler: async (request) => ({ data: { adminUsers: await listAdminUsersPage(deps, request.query) } }),
  });

  app.get('/admin-users/:id', {
    config: { access: read },
    schema: { tags, summary: 'One admin user', params: idParams, response: { 200: adminUserResponse } },
    handler: async (request) => ({ data: { adminUser: await getAdminUser(deps, request.params.id) } }),
  });

  app.post('/admin-users', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Invite an admin user (an activation e-mail is sent)',
      body: createAdminUserBody,
      response: { 201: adminUserResponse },
    },
    handler: async (request, reply) => {
      const adminUser = await inTransaction(deps, (tx) =>
        createAdminUser(tx, request.body, actorOf(request)),
      );
      reply.code(201);
      return { data: { adminUser } };
    },
  });

  app.put('/admin-users/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: "Edit an admin user's names, phone, role and language",
      params: idParams,
      body: updateAdminUserBody,
      response: { 200: adminUserResponse },
    },
    handler: async (request) => ({
      data: {
        adminUser: await inTransaction(deps, (tx) =>
          updateAdminUser(tx, request.params.id, request.body, actorOf(request)),
        ),
      },
    }),
  });

  app.put('/admin-users/:id/enabled', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Enable or disable an admin user (disabling signs them out)',
      params: idParams,
      body: adminUserEnabledBody,
      response: { 200: adminUserResponse },
    },
    handler: async (request) => ({
      data: {
        adminUser: await inTransaction(deps, (tx) =>
          setAdminUserEnabled(tx, request.params.id, request.body.enabled, actorOf(request)),
        ),
      },
    }),
  });

  app.post('/admin-users/:id/activation-email', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Send the activation e-mail again',
      params: idParams,
      response: { 200: statusBody },
    },
    handler: async (request) => {
      await inTransaction(deps, (tx) => resendAdminActivation(tx, request.params.id, actorOf(request)));
      return { data: { status: 'activation_sent' } };
    },
  });

  app.post('/admin-users/:id/password', {
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
          sendAdminPasswordReset(tx, request.params.id, actorOf(request)),
        ),
      },
    }),
  });
};
