import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { SearchSelect } from '../../shell/form/search-select';
import { useAdvertiser, useAdvertisers, useAgencies, useAgency } from '../organisations';

/** A filter field of the log's form: its value is an id, or '' for any. */
export interface FilterField {
  name: string;
  value: string;
  error?: string;
  onChange: (event: { target: { value: string } }) => void;
}

const NS = 'activity-logs';
const idOf = (value: string) => (value ? Number(value) : null);
const option = (entry: { id: number; name: string }) => ({ value: entry.id, label: entry.name });

/** The agency whose rows the admin's log shows, found by name. */
export function AgencyFilter({ field }: { field: FilterField }) {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useState('');
  const found = useAgencies({ search: search || undefined, perPage: 25, sort: 'name' });
  const chosen = useAgency(idOf(field.value));
  return (
    <SearchSelect
      searchLabel={t('filters.agencySearch')}
      search={search}
      onSearch={setSearch}
      found={(found.data?.elements ?? []).map(option)}
      chosen={chosen.data ? option(chosen.data) : null}
      label={t('filters.agency')}
      placeholder={t('filters.anyAgency')}
      {...field}
    />
  );
}

/** The advertiser whose rows the admin's log shows, found by name, code or website. */
export function AdvertiserFilter({ field }: { field: FilterField }) {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useState('');
  const found = useAdvertisers('admin', { search: search || undefined, perPage: 25, sort: 'name' });
  const chosen = useAdvertiser('admin', idOf(field.value));
  return (
    <SearchSelect
      searchLabel={t('filters.advertiserSearch')}
      search={search}
      onSearch={setSearch}
      found={(found.data?.elements ?? []).map(option)}
      chosen={chosen.data ? option(chosen.data) : null}
      label={t('filters.advertiser')}
      placeholder={t('filters.anyAdvertiser')}
      {...field}
    />
  );
}

/** Accounts of any panel found by login or name, or the chosen one (`accountId`). */
function useAccounts(query: { search?: string; accountId?: number }) {
  return useQuery({
    queryKey: ['activity-log-accounts', query],
    queryFn: async ({ signal }) =>
      (await api.call(contract.activityLogs.accounts, { query, signal })).data.users.elements,
    enabled: Boolean(query.search) || query.accountId !== undefined,
    staleTime: 60_000,
  });
}

/** Whose changes the admin's log shows: any user of any panel, found by e-mail or name. */
export function UserFilter({ field }: { field: FilterField }) {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useState('');
  const found = useAccounts({ search: search || undefined });
  const chosenId = idOf(field.value);
  const chosen = useAccounts({ accountId: chosenId ?? undefined });
  const label = (user: {
    id: number;
    name: string;
    login: string;
    organisation: { name: string } | null;
  }) => ({
    value: user.id,
    label: `${user.name} (${user.login})${user.organisation ? `, ${user.organisation.name}` : ''}`,
  });
  const current = chosen.data?.find((user) => user.id === chosenId);
  return (
    <SearchSelect
      searchLabel={t('filters.userSearch')}
      search={search}
      onSearch={setSearch}
      found={(found.data ?? []).map(label)}
      chosen={current ? label(current) : null}
      label={t('filters.user')}
      placeholder={t('filters.anyUser')}
      {...field}
    />
  );
}
