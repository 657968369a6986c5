import {
  adminReferenceQuery,
  configValueResponse,
  configValuesQuery,
  configValuesResponse,
  countriesResponse,
  countryResponse,
  createCurrencyRateBody,
  currenciesResponse,
  currencyRateResponse,
  currencyRatesQuery,
  currencyRatesResponse,
  currencyResponse,
  enabledBody,
  idParams,
  localeResponse,
  localesResponse,
  statusBody,
  updateConfigValueBody,
  updateCountryBody,
  updateCurrencyBody,
  updateLocaleBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../activity-logs/service';
import { createCurrencyRate } from './create-currency-rate';
import { removeCurrencyRate } from './delete-currency-rate';
import { getConfigValue } from './get-config-value';
import { getReference } from './get-reference';
import { listConfigValues } from './list-config-values';
import { listCurrencyRates } from './list-currency-rates';
import { listReference } from './list-reference';
import { setReferenceEnabled } from './set-reference-enabled';
import { updateConfigValue } from './update-config-value';
import { updateReferenceEntry } from './update-reference';

const read = { access: { kind: 'admin', permission: ['configuration', 'read'] } } as const;
const write = { access: { kind: 'admin', permission: ['configuration', 'write'] } } as const;

/**
 * The admin panel's configuration (`configs` and the single pages): countries, currencies,
 * locales, currency rates and config values, under `/api/admin`.
 */
export const configurationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin configuration'];

  const reference = <K extends 'countries' | 'currencies' | 'locales', B extends z.ZodType>(
    list: K,
    one: 'country' | 'currency' | 'locale',
    schemas: { list: z.ZodType; one: z.ZodType; body: B },
  ) => {
    app.get(`/${list}`, {
      config: read,
      schema: {
        tags,
        summary: `All ${list}, enabled or not`,
        querystring: adminReferenceQuery,
        response: { 200: schemas.list },
      },
      handler: async (request) => ({ data: { [list]: await listReference(deps, list, request.query) } }),
    });
    app.get(`/${list}/:id`, {
      config: read,
      schema: { tags, summary: `One ${one}`, params: idParams, response: { 200: schemas.one } },
      handler: async (request) => ({ data: { [one]: await getReference(deps, list, request.params.id) } }),
    });
    app.put(`/${list}/:id`, {
      config: write,
      schema: {
        tags,
        summary: `Edit a ${one}`,
        params: idParams,
        body: schemas.body,
        response: { 200: schemas.one },
      },
      handler: async (request) => ({
        data: {
          [one]: await inTransaction(deps, (tx) =>
            updateReferenceEntry(tx, actorOf(request), list, request.params.id, request.body as never),
          ),
        },
      }),
    });
    app.put(`/${list}/:id/enabled`, {
      config: write,
      schema: {
        tags,
        summary: `Enable or disable a ${one}`,
        params: idParams,
        body: enabledBody,
        response: { 200: schemas.one },
      },
      handler: async (request) => ({
        data: {
          [one]: await inTransaction(deps, (tx) =>
            setReferenceEnabled(tx, actorOf(request), list, request.params.id, request.body.enabled),
          ),
        },
      }),
    });
  };

  reference('countries', 'country', {
    list: countriesResponse,
    one: countryResponse,
    body: updateCountryBody,
  });
  reference('currencies', 'currency', {
    list: currenciesResponse,
    one: currencyResponse,
    body: updateCurrencyBody,
  });
  reference('locales', 'locale', { list: localesResponse, one: localeResponse, body: updateLocaleBody });

  app.get('/currency-rates', {
    config: read,
    schema: {
      tags,
      summary: 'Currency rates, newest first',
      querystring: currencyRatesQuery,
      response: { 200: currencyRatesResponse },
    },
    handler: async (request) => ({ data: await listCurrencyRates(deps, request.query) }),
  });
  app.post('/currency-rates', {
    config: write,
    schema: {
      tags,
      summary: 'Add the rate of a currency from a date on',
      body: createCurrencyRateBody,
      response: { 200: currencyRateResponse },
    },
    handler: async (request) => ({
      data: {
        currencyRate: await inTransaction(deps, (tx) =>
          createCurrencyRate(tx, actorOf(request), request.body),
        ),
      },
    }),
  });
  app.delete('/currency-rates/:id', {
    config: write,
    schema: { tags, summary: 'Remove a currency rate', params: idParams, response: { 200: statusBody } },
    handler: async (request) => {
      await inTransaction(deps, (tx) => removeCurrencyRate(tx, actorOf(request), request.params.id));
      return { data: { status: 'deleted' } };
    },
  });

  app.get('/config-values', {
    config: read,
    schema: {
      tags,
      summary: 'Platform settings',
      querystring: configValuesQuery,
      response: { 200: configValuesResponse },
    },
    handler: async (request) => ({ data: { configValues: await listConfigValues(deps, request.query) } }),
  });
  app.get('/config-values/:id', {
    config: read,
    schema: { tags, summary: 'One setting', params: idParams, response: { 200: configValueResponse } },
    handler: async (request) => ({ data: { configValue: await getConfigValue(deps, request.params.id) } }),
  });
  app.put('/config-values/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Change a setting (checked against its type)',
      params: idParams,
      body: updateConfigValueBody,
      response: { 200: configValueResponse },
    },
    handler: async (request) => ({
      data: {
        configValue: await inTransaction(deps, (tx) =>
          updateConfigValue(tx, actorOf(request), request.params.id, request.body),
        ),
      },
    }),
  });
};
