import {
  faqBody,
  faqResponse,
  faqsQuery,
  faqsResponse,
  idParams,
  publishedFaqsQuery,
  statusBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { createFaq } from './create-faq';
import { removeFaq } from './delete-faq';
import { getFaq } from './get-faq';
import { listFaqsPage } from './list-faqs';
import { publishedFaqs } from './published-faqs';
import { changeFaq } from './update-faq';

const read: RouteAccess = { kind: 'admin', permission: ['support', 'read'] };
const write: RouteAccess = { kind: 'admin', permission: ['support', 'write'] };

/** `/api/admin/faqs`: the FAQs of every language. */
export const adminFaqRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin support'];

  app.get('/faqs', {
    config: { access: read },
    schema: {
      tags,
      summary: 'FAQs (filter by language and status, search questions and answers)',
      querystring: faqsQuery,
      response: { 200: faqsResponse },
    },
    handler: async (request) => ({ data: { faqs: await listFaqsPage(deps, request.query) } }),
  });

  app.get('/faqs/:id', {
    config: { access: read },
    schema: { tags, summary: 'One FAQ', params: idParams, response: { 200: faqResponse } },
    handler: async (request) => ({ data: { faq: await getFaq(deps, request.params.id) } }),
  });

  app.post('/faqs', {
    config: { access: write },
    schema: { tags, summary: 'A new FAQ in one language', body: faqBody, response: { 201: faqResponse } },
    handler: async (request, reply) => {
      const faq = await inTransaction(deps, (tx) => createFaq(tx, request.body, actorOf(request)));
      reply.code(201);
      return { data: { faq } };
    },
  });

  app.put('/faqs/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: "Replace a FAQ's language, texts, position and status",
      params: idParams,
      body: faqBody,
      response: { 200: faqResponse },
    },
    handler: async (request) => ({
      data: {
        faq: await inTransaction(deps, (tx) =>
          changeFaq(tx, request.params.id, request.body, actorOf(request)),
        ),
      },
    }),
  });

  app.delete('/faqs/:id', {
    config: { access: write },
    schema: { tags, summary: 'Delete a FAQ', params: idParams, response: { 200: statusBody } },
    handler: async (request) => {
      await inTransaction(deps, (tx) => removeFaq(tx, request.params.id, actorOf(request)));
      return { data: { status: 'deleted' } };
    },
  });
};

/** `GET /api/{agency|advertiser}/faqs`: what the support page of the panel shows. */
export const publishedFaqRoutes: FastifyPluginAsyncZod<{
  kind: 'agency' | 'advertiser';
  deps: AppDeps;
}> = async (app, { kind, deps }) => {
  app.get('/faqs', {
    config: { access: { kind, permission: ['support', 'read'] } },
    schema: {
      tags: [`${kind} support`],
      summary: "The enabled FAQs of the user's language (or of `locale`), else the English ones",
      querystring: publishedFaqsQuery,
      response: { 200: faqsResponse },
    },
    handler: async (request) => ({
      data: { faqs: await publishedFaqs(deps, request.query, principalOf(request).locale) },
    }),
  });
};
