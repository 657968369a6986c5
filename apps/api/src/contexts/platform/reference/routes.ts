import {
  countriesResponse,
  currenciesResponse,
  enums,
  enumsResponse,
  localesResponse,
  publicCurrenciesQuery,
  publicReferenceQuery,
  toApiDateTime,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../../core/deps';
import { listReference, type ReferenceList } from './repository';

async function page<K extends ReferenceList>(
  deps: AppDeps,
  list: K,
  query: z.infer<typeof publicReferenceQuery>,
  all = false,
) {
  const { rows, total } = await listReference(deps.db, list, query, all);
  return {
    elements: rows.map((r) => ({
      ...r,
      createdAt: toApiDateTime(r.createdAt),
      updatedAt: toApiDateTime(r.updatedAt),
    })),
    meta: {
      page: query.page,
      perPage: query.perPage,
      total,
      lastPage: Math.max(1, Math.ceil(total / query.perPage)),
    },
  };
}

/** Public reference data the sign-up and profile forms need (enabled entries only; every currency when asked). */
export const referenceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['public'];
  const config = { access: 'public' as const };

  app.get('/locales', {
    config,
    schema: {
      tags,
      summary: 'Enabled locales',
      querystring: publicReferenceQuery,
      response: { 200: localesResponse },
    },
    handler: async (request) => ({ data: { locales: await page(deps, 'locales', request.query) } }),
  });
  app.get('/countries', {
    config,
    schema: {
      tags,
      summary: 'Enabled countries',
      querystring: publicReferenceQuery,
      response: { 200: countriesResponse },
    },
    handler: async (request) => ({ data: { countries: await page(deps, 'countries', request.query) } }),
  });
  app.get('/currencies', {
    config,
    schema: {
      tags,
      summary:
        'Enabled currencies; with disabled=include every configured one (money of a currency disabled since keeps its symbol)',
      querystring: publicCurrenciesQuery,
      response: { 200: currenciesResponse },
    },
    handler: async (request) => ({
      data: {
        currencies: await page(deps, 'currencies', request.query, request.query.disabled === 'include'),
      },
    }),
  });
  app.get('/enums', {
    config,
    schema: { tags, summary: 'Enumerations the panels list', response: { 200: enumsResponse } },
    handler: async () => ({ data: { enums } }),
  });
};
