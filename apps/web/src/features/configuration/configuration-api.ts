import type { CountryDto, CurrencyDto, LocaleDto, PageMeta } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api-client';
import { formatCountry } from '../../lib/format';

/** The pages' routes (spec section 2: configs, countries/single, currencies/single, ...). */
export const CONFIGS_PATH = '/panel/admin/configs';
export const configurationTabs = [
  'countries',
  'currencies',
  'locales',
  'currency-rates',
  'settings',
  'roles',
  'regulations',
] as const;
export type ConfigurationTab = (typeof configurationTabs)[number];
export const configsPath = (tab: ConfigurationTab = 'countries') =>
  tab === 'countries' ? CONFIGS_PATH : `${CONFIGS_PATH}?tab=${tab}`;

export const referenceLists = ['countries', 'currencies', 'locales'] as const;
export type ReferenceList = (typeof referenceLists)[number];
export interface ReferenceEntries {
  countries: CountryDto;
  currencies: CurrencyDto;
  locales: LocaleDto;
}
export type ReferenceEntry = ReferenceEntries[ReferenceList];

/** An entry's name as the pages show it: a country's in the user's language, the others' as stored. */
export const entryName = (list: ReferenceList, entry: { name: string; code: string }) =>
  (list === 'countries' && formatCountry(entry)) || entry.name;

type List<T> = { elements: T[]; meta: PageMeta };

/** The calls of one reference list, their answers unwrapped. */
interface ReferenceCalls<E> {
  list: (params: RequestOptions['params']) => Promise<List<E>>;
  one: (id: number) => Promise<E>;
  setEnabled: (id: number, enabled: boolean) => Promise<E>;
}

/** Each list's calls: its own routes of the contract, each with its own answer. */
const referenceCalls: { [K in ReferenceList]: ReferenceCalls<ReferenceEntries[K]> } = {
  countries: {
    list: async (query) => (await api.call(contract.countries.list, { query })).data.countries,
    one: async (id) => (await api.call(contract.countries.one, { path: { id } })).data.country,
    setEnabled: async (id, enabled) =>
      (await api.call(contract.countries.setEnabled, { path: { id }, body: { enabled } })).data.country,
  },
  currencies: {
    list: async (query) => (await api.call(contract.currencies.list, { query })).data.currencies,
    one: async (id) => (await api.call(contract.currencies.one, { path: { id } })).data.currency,
    setEnabled: async (id, enabled) =>
      (await api.call(contract.currencies.setEnabled, { path: { id }, body: { enabled } })).data.currency,
  },
  locales: {
    list: async (query) => (await api.call(contract.locales.list, { query })).data.locales,
    one: async (id) => (await api.call(contract.locales.one, { path: { id } })).data.locale,
    setEnabled: async (id, enabled) =>
      (await api.call(contract.locales.setEnabled, { path: { id }, body: { enabled } })).data.locale,
  },
};

export const entryPath = (list: ReferenceList | 'config-values', id: number) =>
  `/panel/admin/${list}/single?id=${id}`;

export const configurationKeys = {
  all: ['configuration'] as const,
  list: (list: ReferenceList, params?: RequestOptions['params']) =>
    ['configuration', list, 'list', params] as const,
  entry: (list: ReferenceList, id: number) => ['configuration', list, 'entry', id] as const,
  rates: (params?: RequestOptions['params']) => ['configuration', 'currency-rates', params] as const,
  configValues: (params?: RequestOptions['params']) =>
    ['configuration', 'config-values', 'list', params] as const,
  configValue: (id: number) => ['configuration', 'config-values', 'entry', id] as const,
};

export function useReferenceList<K extends ReferenceList>(list: K, params: RequestOptions['params']) {
  return useQuery({
    queryKey: configurationKeys.list(list, params),
    queryFn: () => referenceCalls[list].list(params),
    placeholderData: (previous) => previous,
  });
}

export function useReferenceEntry<K extends ReferenceList>(list: K, id: number | null) {
  return useQuery({
    queryKey: configurationKeys.entry(list, id ?? 0),
    queryFn: () => referenceCalls[list].one(id ?? 0),
    enabled: id !== null,
    retry: false,
  });
}

/** After a change: the admin lists and entries, and the public lists the forms use. */
export function useRefreshConfiguration() {
  const client = useQueryClient();
  return (list?: ReferenceList) => {
    void client.invalidateQueries({ queryKey: configurationKeys.all });
    if (list) void client.invalidateQueries({ queryKey: ['reference', list] });
  };
}

/** PUT /admin/{list}/{id}/enabled. */
export function useSetEnabled(list: ReferenceList) {
  const refresh = useRefreshConfiguration();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }): Promise<ReferenceEntry> =>
      referenceCalls[list].setEnabled(id, enabled),
    onSuccess: (entry) => {
      client.setQueryData(configurationKeys.entry(list, entry.id), entry);
      refresh(list);
    },
  });
}

export function useCurrencyRates(params: RequestOptions['params']) {
  return useQuery({
    queryKey: configurationKeys.rates(params),
    queryFn: async () => (await api.call(contract.currencyRates.list, { query: params })).data,
    placeholderData: (previous) => previous,
  });
}

/** Every currency, enabled or not (for the rate form and filter). */
export function useAllCurrencies() {
  return useReferenceList('currencies', { perPage: 100, sort: 'code' });
}

export function useConfigValues(params: RequestOptions['params']) {
  return useQuery({
    queryKey: configurationKeys.configValues(params),
    queryFn: async () => (await api.call(contract.configValues.list, { query: params })).data.configValues,
    placeholderData: (previous) => previous,
  });
}

export function useConfigValue(id: number | null) {
  return useQuery({
    queryKey: configurationKeys.configValue(id ?? 0),
    queryFn: async () =>
      (await api.call(contract.configValues.one, { path: { id: id ?? 0 } })).data.configValue,
    enabled: id !== null,
    retry: false,
  });
}

/** The `?id=` of a single page, or null when it is missing or not a positive whole number. */
export function idFromSearch(search: URLSearchParams): number | null {
  const id = Number(search.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
