import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { publicApi } from '../lib/api-client';
import type { CurrencyLike } from '../lib/format';

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

/** A currency code resolved to the currency configured under it. */
export type CurrencyOf = (code: string) => CurrencyLike;

/** Every configured currency, the disabled ones too: what money already in them is written with. */
const useAllCurrencies = () =>
  useQuery({
    queryKey: ['reference', 'currencies', 'all'],
    queryFn: async () =>
      (await publicApi.call(contract.reference.currencies, { query: { disabled: 'include' } })).data
        .currencies.elements,
    staleTime: 10 * 60_000,
  });

/**
 * The one way a currency code (as campaigns, reports and conversions carry it) becomes the
 * configured currency, so money is written with its symbol everywhere, as where the API sends
 * the currency itself; a currency disabled since (an advertiser's of before) keeps its symbol;
 * a code not configured (or before the list arrives) stands alone.
 */
export function useCurrencyOf(): CurrencyOf {
  const { data } = useAllCurrencies();
  return useCallback((code) => data?.find((currency) => currency.code === code) ?? { code }, [data]);
}

export const useLocales = () =>
  useQuery({
    queryKey: ['reference', 'locales'],
    queryFn: async () => (await publicApi.call(contract.reference.locales)).data.locales.elements,
    staleTime: 10 * 60_000,
  });
