import { type AgencyDto, statusVerifications } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCountries, useCurrencies } from '../../account/reference-data';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { countryOptions, formatCountry } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import { usePageTitle } from '../../shell/page-title';
import {
  Amount,
  agencyPath,
  BillingBadge,
  organisationStyles as styles,
  useAgencies,
  VerificationBadge,
} from '../organisations';

/** Agencies (/panel/admin/agencies): searchable, filterable by status, country and currency, sortable. */
export function AgenciesPage() {
  const { t } = useTranslation('agencies');
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const canWrite = useCan('agencies', 'write');
  const { params, apiParams, update } = useListParams();
  // The API sorts by name unless told otherwise; the first click on Name flips it.
  const sort = params.sort ?? 'name';
  const onSort = (field: string) =>
    update({ sort: field, order: sort === field && params.order === 'asc' ? 'desc' : 'asc' });
  const list = useAgencies(apiParams);
  const countries = useCountries();
  const currencies = useCurrencies();
  const { statusVerification = '', countryId = '', currencyId = '' } = params.filters;
  const filtered = Boolean(params.search || statusVerification || countryId || currencyId);

  const columns: Column<AgencyDto>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'name',
      cell: (agency) => (
        <Link className={styles.link} to={agencyPath(agency.id)}>
          {agency.name}
        </Link>
      ),
    },
    { key: 'country', header: t('columns.country'), cell: (agency) => formatCountry(agency.country) ?? '—' },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'statusVerification',
      cell: (agency) => <VerificationBadge status={agency.statusVerification} />,
    },
    {
      key: 'billing',
      header: t('columns.billing'),
      cell: (agency) => <BillingBadge complete={agency.billingComplete} />,
    },
    {
      key: 'balance',
      header: t('columns.balance'),
      align: 'end',
      cell: (agency) => <Amount value={agency.balance} currency={agency.currency} />,
    },
    {
      key: 'advertisers',
      header: t('columns.advertisers'),
      align: 'end',
      cell: (agency) => agency.advertisersCount,
    },
  ];

  const addButton = canWrite ? <Button onClick={() => navigate(agencyPath())}>{t('add')}</Button> : undefined;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
        {addButton}
      </header>
      <div className={listStyles.toolbar}>
        <SearchBox value={params.search} label={t('searchLabel')} onSearch={(search) => update({ search })} />
        <div className={`${listStyles.filters} ${styles.toolbarFilters}`}>
          <SelectField
            className={styles.filter}
            label={t('filters.status')}
            value={statusVerification}
            onChange={(event) => update({ statusVerification: event.target.value })}
            options={[
              { value: '', label: t('filters.allStatuses') },
              ...statusVerifications.map((status) => ({
                value: status,
                label: t(`organisations:verification.status.${status}`),
              })),
            ]}
          />
          <SelectField
            className={styles.filter}
            label={t('filters.country')}
            value={countryId}
            onChange={(event) => update({ countryId: event.target.value })}
            options={[
              { value: '', label: t('filters.allCountries') },
              ...countryOptions(countries.data ?? []),
            ]}
          />
          <SelectField
            className={styles.filter}
            label={t('filters.currency')}
            value={currencyId}
            onChange={(event) => update({ currencyId: event.target.value })}
            options={[
              { value: '', label: t('filters.allCurrencies') },
              ...(currencies.data ?? []).map((currency) => ({ value: currency.id, label: currency.code })),
            ]}
          />
        </div>
      </div>
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(agency) => agency.id}
        loading={list.isFetching}
        error={list.error ? (isApiError(list.error) ? failureListText(t, list.error) : t('loadError')) : null}
        onRetry={() => list.refetch()}
        sort={sort}
        order={params.order}
        onSort={onSort}
        empty={
          filtered
            ? { title: t('empty.filteredTitle'), body: t('empty.filteredBody') }
            : { title: t('empty.title'), body: canWrite ? t('empty.body') : undefined, action: addButton }
        }
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
    </div>
  );
}
