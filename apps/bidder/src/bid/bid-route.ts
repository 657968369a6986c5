import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { BidRouteContext } from './answer-bid';
import { bidHandler } from './serve-bid';

/**
 * The bid endpoint (`serve-bid.ts`), served in front of the bidder's Fastify instance by
 * `Bidder.handler`, and registered on it too for what reaches it through Fastify (`inject`, a
 * server routing to `app.routing`): that route hands the raw request, its body unread, to the
 * same handler.
 */
export async function bidRoutes(
  app: FastifyInstance,
  context: BidRouteContext,
): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const serve = bidHandler(context);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The stream as it is: the handler reads it.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.post('/openrtb2/bid', (request, reply) => {
      reply.hijack();
      serve(request.raw, reply.raw);
    });
  });
  return serve;
}
