import type { PredictionModelKind } from '@rtb/shared';
import { contract, type QueryOf } from '@rtb/shared/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

type ListQuery = QueryOf<typeof contract.predictionModels.list>;

export const predictionModelKeys = {
  list: (query: ListQuery) => ['prediction-models', 'list', query] as const,
  version: (kind: PredictionModelKind, version: number | undefined) =>
    ['prediction-models', kind, version] as const,
};

/** Versions of the models, newest first. */
export function usePredictionModels(query: ListQuery) {
  return useQuery({
    queryKey: predictionModelKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.call(contract.predictionModels.list, { query, signal })).data.models,
    placeholderData: keepPreviousData,
  });
}

/** One version with its calibration bins; nothing is asked while there is no version to show. */
export function usePredictionModel(kind: PredictionModelKind, version: number | undefined) {
  return useQuery({
    queryKey: predictionModelKeys.version(kind, version),
    queryFn: async ({ signal }) =>
      (await api.call(contract.predictionModels.get, { path: { kind, version: version ?? 0 }, signal })).data
        .model,
    enabled: version !== undefined,
  });
}

/** The version the bidders score with: the newest published one (null when every version was refused). */
export function useModelInUse(kind: PredictionModelKind) {
  const query = { kind, status: 'published', perPage: 1 } as const;
  return useQuery({
    queryKey: predictionModelKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.call(contract.predictionModels.list, { query, signal })).data.models,
    select: (models) => models.elements[0] ?? null,
  });
}
