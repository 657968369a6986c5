import { getConversionSettings } from '@rtb/delivery';
import {
  conversionResponse,
  conversionSettingsBody,
  conversionSettingsResponse,
  conversionsQuery,
  conversionsResponse,
  idParams,
  postbackSettingsResponse,
  tagEventSummaryResponse,
  tagEventsQuery,
  tagEventsResponse,
  tagSettingsResponse,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAdvertiserId, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import {
  changeConversionSettings,
  confirmConversion,
  getPostbackSettings,
  listConversions,
  rotatePostbackSecret,
} from '../delivery/service';
import { listTagEvents } from './debug-events';
import { tagEventSummary } from './event-summary';
import { streamTagEvents } from './stream-tag-events';
import { getTagSettings } from './tag-settings';

const read: RouteAccess = { kind: 'advertiser', permission: ['integrations', 'read'] };
/** Changes, and the postback secret (it lets its holder record conversions), need integrations write. */
const write: RouteAccess = { kind: 'advertiser', permission: ['integrations', 'write'] };

/**
 * `/api/advertiser/tag...`: the Tags tab (the snippet, the events, the live debugger, the
 * conversions with their bounds and confirmation, the postback's secret). The advertiser is the
 * token's, never a body's.
 */
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

  app.get('/tag/events/summary', {
    config: { access: read },
    schema: {
      tags: ['advertiser tags'],
      summary: "People's events of the last 24 hours by type: whether the tag works (bots left out)",
      response: { 200: tagEventSummaryResponse },
    },
    handler: async (request) => ({
      data: { tagEventSummary: await tagEventSummary(deps, ownAdvertiserId(request)) },
    }),
  });

  app.get('/tag/conversion-settings', {
    config: { access: read },
    schema: {
      tags: ['advertiser tags'],
      summary: 'The maximum order value of browser conversions (pixel and tag): above it they are held',
      response: { 200: conversionSettingsResponse },
    },
    handler: async (request) => ({
      data: { conversionSettings: await getConversionSettings(deps, ownAdvertiserId(request)) },
    }),
  });

  app.put('/tag/conversion-settings', {
    config: { access: write },
    schema: {
      tags: ['advertiser tags'],
      summary: 'Set the maximum order value of browser conversions (minor units; null: the default)',
      body: conversionSettingsBody,
      response: { 200: conversionSettingsResponse },
    },
    handler: async (request) => {
      const advertiserId = ownAdvertiserId(request);
      const conversionSettings = await inTransaction(deps, (tx) =>
        changeConversionSettings(tx, advertiserId, request.body, actorOf(request)),
      );
      return { data: { conversionSettings } };
    },
  });

  app.get('/tag/postback', {
    config: { access: write },
    schema: {
      tags: ['advertiser tags'],
      summary:
        "The postback's URL and the secret the shop's server signs postbacks with (made on first read)",
      response: { 200: postbackSettingsResponse },
    },
    handler: async (request) => {
      const advertiserId = ownAdvertiserId(request);
      return { data: { postback: await inTransaction(deps, (tx) => getPostbackSettings(tx, advertiserId)) } };
    },
  });

  app.post('/tag/postback/secret', {
    config: { access: write },
    schema: {
      tags: ['advertiser tags'],
      summary: 'A new postback secret: the old one stops working at once',
      response: { 200: postbackSettingsResponse },
    },
    handler: async (request) => {
      const advertiserId = ownAdvertiserId(request);
      const postback = await inTransaction(deps, (tx) =>
        rotatePostbackSecret(tx, advertiserId, actorOf(request)),
      );
      return { data: { postback } };
    },
  });

  app.get('/tag/conversions', {
    config: { access: read },
    schema: {
      tags: ['advertiser tags'],
      summary: 'The newest conversions from the pixel, the tag and postbacks, with held ones and why',
      querystring: conversionsQuery,
      response: { 200: conversionsResponse },
    },
    handler: async (request) => ({
      data: await listConversions(deps, ownAdvertiserId(request), request.query),
    }),
  });

  app.post('/tag/conversions/:id/confirm', {
    config: { access: write },
    schema: {
      tags: ['advertiser tags'],
      summary: 'Confirm a held conversion: it then counts in reports, once',
      params: idParams,
      response: { 200: conversionResponse },
    },
    handler: async (request) => {
      const advertiserId = ownAdvertiserId(request);
      const conversion = await inTransaction(deps, (tx) =>
        confirmConversion(tx, advertiserId, request.params.id, actorOf(request)),
      );
      return { data: { conversion } };
    },
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
