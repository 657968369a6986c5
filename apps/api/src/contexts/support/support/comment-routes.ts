import { commentBody, commentResponse, commentsQuery, commentsResponse } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { addComment } from './add-comment';
import { listCommentsPage } from './list-comments';

/** `/api/admin/comments`: the support team's replies to support requests. */
export const commentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin support'];
  const read: RouteAccess = { kind: 'admin', permission: ['support', 'read'] };
  const write: RouteAccess = { kind: 'admin', permission: ['support', 'write'] };

  app.get('/comments', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The replies to a support request, oldest first',
      querystring: commentsQuery,
      response: { 200: commentsResponse },
    },
    handler: async (request) => ({ data: { comments: await listCommentsPage(deps, request.query) } }),
  });

  app.post('/comments', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Reply to a support request (the organisation sees it, the sender gets it by e-mail)',
      body: commentBody,
      response: { 201: commentResponse },
    },
    handler: async (request, reply) => {
      const comment = await inTransaction(deps, (tx) => addComment(tx, request.body, actorOf(request)));
      reply.code(201);
      return { data: { comment } };
    },
  });
};
