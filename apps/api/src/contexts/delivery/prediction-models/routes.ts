import {
  predictionModelParams,
  predictionModelResponse,
  predictionModelsQuery,
  predictionModelsResponse,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { getPredictionModel } from './get-prediction-model';
import { listPredictionModels } from './list-prediction-models';

/** How the platform bids is its set-up: who reads the configuration reads its models. */
const read: RouteAccess = { kind: 'admin', permission: ['configuration', 'read'] };

/**
 * `/api/admin/prediction-models`: every version the trainer made of the click and conversion
 * models, published or refused, with its figures on the hold-out beside the version in use then.
 */
export const predictionModelRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin prediction models'];

  app.get('/prediction-models', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Model versions, newest first, with their quality on the hold-out',
      querystring: predictionModelsQuery,
      response: { 200: predictionModelsResponse },
    },
    handler: async (request) => ({ data: { models: await listPredictionModels(deps, request.query) } }),
  });

  app.get('/prediction-models/:kind/:version', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One model version with its calibration bins and those of the version in use then',
      params: predictionModelParams,
      response: { 200: predictionModelResponse },
    },
    handler: async (request) => ({
      data: { model: await getPredictionModel(deps, request.params.kind, request.params.version) },
    }),
  });
};
