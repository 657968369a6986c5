import { tagEventsQuery, tagEventsResponse, tagSettingsResponse } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAdvertiserId, type RouteAccess } from '../../core/access';
import type { AppDeps } from '../../core/deps';
import { listTagEvents } from './debug-events';
import { streamTagEvents } from './stream-tag-events';
import { getTagSettings } from './tag-settings';

const read: RouteAccess = { kind: 'advertiser', permission: ['integrations', 'read'] };

/** `/api/advertiser/tag...`: the Tags tab (the snippet, the events, the live debugger). */
export const tagRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; pollMs?: number }> = async (app, options) => {
  const { deps } = options;
  // Open streams end before the server closes (it would wait for them).
  const streams = new Set<AbortController>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.abort();
  });

  app.get('/tag', {
    config: { access: read },
    schema: {
      tags: ['advertiser tags'],
      summary: "The shop's tracking tag: its key, the snippet to paste and whether events arrive",
      response: { 200: tagSettingsResponse },
    },
    handler: async (request) => ({ data: { tag: await getTagSettings(deps, ownAdvertiserId(request)) } }),
  });

  app.get('/tag/events', {
    config: { access: read },
    schema: {
      tags: ['advertiser tags'],
      summary: "The tag's newest events, newest first, with the debugger's hints",
      querystring: tagEventsQuery,
      response: { 200: tagEventsResponse },
    },
    handler: async (request) => ({
      data: { tagEvents: await listTagEvents(deps, ownAdvertiserId(request), request.query.limit) },
    }),
  });

  app.get('/tag/events/live', {
    config: { access: read },
    schema: {
      tags: ['advertiser tags'],
      summary:
        "The tag's events as they arrive: server-sent events (`text/event-stream`), event `tag-event` " +
        'with a TagDebugEvent as data and the position as id (send it back as `Last-Event-ID` to ' +
        'resume), a comment every 15 s; ends when the session does',
    },
    handler: async (request, reply) => {
      const advertiserId = ownAdvertiserId(request);
      const stream = new AbortController();
      streams.add(stream);
      try {
        await streamTagEvents(deps, request, reply, {
          advertiserId,
          signal: stream.signal,
          pollMs: options.pollMs ?? 1_000,
        });
      } finally {
        streams.delete(stream);
      }
    },
  });
};
