import type { CountryDto, CurrencyDto, LocaleDto } from '@rtb/shared';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from '../lib/api-client';

type ListResponse<K extends string, T> = { data: Record<K, { elements: T[] }> };

/** The enabled entries of a public reference list (the API sends up to 100, sorted by name). */
function referenceQuery<K extends 'countries' | 'currencies' | 'locales', T>(key: K) {
  return {
    queryKey: ['reference', key],
    queryFn: async () => (await publicApi.get<ListResponse<K, T>>(`/${key}`)).data[key].elements,
    staleTime: 10 * 60_000,
  };
}

export const useCountries = () => useQuery(referenceQuery<'countries', CountryDto>('countries'));
export const useCurrencies = () => useQuery(referenceQuery<'currencies', CurrencyDto>('currencies'));
export const useLocales = () => useQuery(referenceQuery<'locales', LocaleDto>('locales'));
