import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from '../lib/api-client';

/** The enabled entries of a public reference list (the API sends up to 100, sorted by name). */
export const useCountries = () =>
  useQuery({
    queryKey: ['reference', 'countries'],
    queryFn: async () => (await publicApi.call(contract.reference.countries)).data.countries.elements,
    staleTime: 10 * 60_000,
  });

export const useCurrencies = () =>
  useQuery({
    queryKey: ['reference', 'currencies'],
    queryFn: async () => (await publicApi.call(contract.reference.currencies)).data.currencies.elements,
    staleTime: 10 * 60_000,
  });

export const useLocales = () =>
  useQuery({
    queryKey: ['reference', 'locales'],
    queryFn: async () => (await publicApi.call(contract.reference.locales)).data.locales.elements,
    staleTime: 10 * 60_000,
  });
