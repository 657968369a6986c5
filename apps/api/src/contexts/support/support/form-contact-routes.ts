import {
  contactFormBody,
  formContactResponse,
  formContactStatusBody,
  formContactsQuery,
  formContactsResponse,
  idParams,
  ownFormContactsQuery,
} from '@rtb/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownOrganisationOf, principalOf, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { acceptMultipart, actorOf, incomingFile, multipartBody } from '../../platform';
import { changeFormContactStatus } from './change-form-contact-status';
import { getFormContact } from './get-form-contact';
import { listFormContactsPage } from './list-form-contacts';
import { type Sender, sendFormContact } from './send-form-contact';

type OrganisationKind = 'agency' | 'advertiser';

/** The contact form as JSON, or as multipart/form-data with the file in `attachment`. */
const sendFormContactBody = contactFormBody.extend({ attachment: incomingFile.optional() });

/** The user's organisation owns what they send; an advertiser's rows name its agency in the log. */
function senderOf(kind: OrganisationKind, request: FastifyRequest): Sender {
  const owner = ownOrganisationOf(kind, request);
  const organisationIds =
    'agencyId' in owner
      ? { agencyId: owner.agencyId, advertiserId: null }
      : { agencyId: request.organisation.agencyId, advertiserId: owner.advertiserId };
  return { owner, organisationIds, locale: principalOf(request).locale };
}

/** `/api/{agency|advertiser}/form-contacts`: the organisation's own support requests. */
export const ownFormContactRoutes: FastifyPluginAsyncZod<{ kind: OrganisationKind; deps: AppDeps }> = async (
  app,
  { kind, deps },
) => {
  await acceptMultipart(app);
  const tags = [`${kind} support`];
  const read: RouteAccess = { kind, permission: ['support', 'read'] };
  const write: RouteAccess = { kind, permission: ['support', 'write'] };

  app.post('/form-contacts', {
    config: { access: write },
    preValidation: multipartBody('attachment'),
    schema: {
      tags,
      summary: 'Send a support request (JSON, or multipart/form-data with an attachment)',
      consumes: ['application/json', 'multipart/form-data'],
      body: sendFormContactBody,
      response: { 201: formContactResponse },
    },
    handler: async (request, reply) => {
      const sender = senderOf(kind, request);
      const formContact = await inTransaction(deps, (tx) =>
        sendFormContact(tx, sender, request.body, actorOf(request)),
      );
      reply.code(201);
      return { data: { formContact } };
    },
  });

  app.get('/form-contacts', {
    config: { access: read },
    schema: {
      tags,
      summary: "The organisation's support requests, newest first",
      querystring: ownFormContactsQuery,
      response: { 200: formContactsResponse },
    },
    handler: async (request) => ({
      data: {
        formContacts: await listFormContactsPage(deps, ownOrganisationOf(kind, request), request.query),
      },
    }),
  });

  app.get('/form-contacts/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One of the organisation’s support requests with the replies',
      params: idParams,
      response: { 200: formContactResponse },
    },
    handler: async (request) => ({
      data: {
        formContact: await getFormContact(deps, request.params.id, ownOrganisationOf(kind, request)),
      },
    }),
  });
};

/** `/api/admin/form-contacts`: every organisation's support requests and their status. */
export const adminFormContactRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin support'];
  const read: RouteAccess = { kind: 'admin', permission: ['support', 'read'] };
  const write: RouteAccess = { kind: 'admin', permission: ['support', 'write'] };

  app.get('/form-contacts', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Support requests (filter by status and organisation, search), newest first',
      querystring: formContactsQuery,
      response: { 200: formContactsResponse },
    },
    handler: async (request) => ({
      data: { formContacts: await listFormContactsPage(deps, null, request.query) },
    }),
  });

  app.get('/form-contacts/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One support request with the replies',
      params: idParams,
      response: { 200: formContactResponse },
    },
    handler: async (request) => ({
      data: { formContact: await getFormContact(deps, request.params.id, null) },
    }),
  });

  app.put('/form-contacts/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Change the status of a support request',
      params: idParams,
      body: formContactStatusBody,
      response: { 200: formContactResponse },
    },
    handler: async (request) => ({
      data: {
        formContact: await inTransaction(deps, (tx) =>
          changeFormContactStatus(tx, request.params.id, request.body.status, actorOf(request)),
        ),
      },
    }),
  });
};
