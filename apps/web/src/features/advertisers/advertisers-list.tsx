import { type AdvertiserDto, AGENCY_PAGE_SIZE, statusVerifications } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { formatPercent } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import {
  type AdvertisersPanel,
  Amount,
  advertiserPath,
  agencyPath,
  BillingBadge,
  idOf,
  organisationStyles as styles,
  useAdvertisers,
  useAgency,
  VerificationBadge,
} from '../organisations';

/**
 * The advertisers list: the admin's searchable, filterable by status and agency (all of one
 * agency with `?agencyId=`), sortable; the agency's own 25 a page, searchable, filterable by
 * status and sortable, with a call to add the first one (`addButton`).
 */
export function AdvertisersList({ panel, addButton }: { panel: AdvertisersPanel; addButton: ReactNode }) {
  const { t } = useTranslation('advertisers');
  const canWrite = useCan('advertisers', 'write');
  const { params, apiParams, update } = useListParams({ pageKeys: ['tab'] });
  const admin = panel === 'admin';
  // The API sorts by name unless told otherwise; the first click on Name flips it.
  const sort = params.sort ?? 'name';
  const onSort = (field: string) =>
    update({ sort: field, order: sort === field && params.order === 'asc' ? 'desc' : 'asc' });
  const list = useAdvertisers(panel, admin ? apiParams : { ...apiParams, perPage: AGENCY_PAGE_SIZE });
  const { statusVerification = '', hasAgency = '', agencyId = '' } = params.filters;
  const ofAgency = admin ? idOf(agencyId || null) : null;
  const agency = useAgency(ofAgency !== null && !Number.isNaN(ofAgency) ? ofAgency : null);
  const filtered = Boolean(params.search || statusVerification || hasAgency || agencyId);

  const columns: Column<AdvertiserDto>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'name',
      cell: (advertiser) => (
        <Link className={styles.link} to={advertiserPath(panel, advertiser.id)}>
          {advertiser.name}
        </Link>
      ),
    },
    { key: 'code', header: t('columns.code'), sortField: 'code', cell: (advertiser) => advertiser.code },
  ];
  if (admin)
    columns.push({
      key: 'agency',
      header: t('columns.agency'),
      cell: (advertiser) =>
        advertiser.agency ? (
          <Link className={styles.link} to={agencyPath(advertiser.agency.id)}>
            {advertiser.agency.name}
          </Link>
        ) : (
          t('noAgency')
        ),
    });
  columns.push(
    {
      key: 'status',
      header: t('columns.status'),
      cell: (advertiser) => <VerificationBadge status={advertiser.statusVerification} />,
    },
    {
      key: 'billing',
      header: t('columns.billing'),
      cell: (advertiser) => <BillingBadge complete={advertiser.billingComplete} />,
    },
    {
      key: 'commission',
      header: t('columns.commission'),
      align: 'end',
      cell: (advertiser) => formatPercent(advertiser.comissionPercent),
    },
    {
      key: 'balance',
      header: t('columns.balance'),
      align: 'end',
      cell: (advertiser) => <Amount value={advertiser.balance} currency={advertiser.currency} />,
    },
  );

  return (
    <>
      {admin && agencyId && (
        <p className={styles.note} role="status">
          {t('filters.ofAgency', { name: agency.data?.name ?? `#${agencyId}` })}{' '}
          <Button
            size="small"
            variant="outline"
            color="white"
            onClick={() => update({ agencyId: undefined })}
          >
            {t('filters.showAll')}
          </Button>
        </p>
      )}
      <div className={listStyles.toolbar}>
        <SearchBox
          value={params.search}
          label={t(admin ? 'searchLabel' : 'agencySearchLabel')}
          onSearch={(search) => update({ search })}
        />
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
          {admin && (
            <SelectField
              className={styles.filter}
              label={t('filters.agency')}
              value={hasAgency}
              onChange={(event) => update({ hasAgency: event.target.value })}
              options={[
                { value: '', label: t('filters.anyAgency') },
                { value: 'true', label: t('filters.withAgency') },
                { value: 'false', label: t('filters.withoutAgency') },
              ]}
            />
          )}
        </div>
      </div>
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(advertiser) => advertiser.id}
        loading={list.isFetching}
        error={list.error ? (isApiError(list.error) ? failureListText(t, list.error) : t('loadError')) : null}
        onRetry={() => list.refetch()}
        sort={sort}
        order={params.order}
        onSort={onSort}
        empty={
          filtered
            ? { title: t('empty.filteredTitle'), body: t('empty.filteredBody') }
            : {
                title: t('empty.title'),
                body: canWrite ? t(admin ? 'empty.body' : 'empty.agencyBody') : undefined,
                action: addButton,
              }
        }
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
    </>
  );
}
