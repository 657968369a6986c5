import type { OrganisationRef, PageMeta } from '@rtb/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { DateField } from '../../shell/form/date-field';
import { failureText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { AdvertiserFilter, AgencyFilter } from '../activity-logs';
import { organisationText } from './money-cells';
import styles from './payments.module.css';
import type { PaymentsPanel } from './payments-api';
import { type FilterFieldOf, filterErrorsOf, type MoneyFilters } from './use-money-filters';

/** A money record: when, and (in the admin's lists) whose. */
interface MoneyRecord {
  id: number;
  createdAt: string;
  agency: OrganisationRef | null;
  advertiser: OrganisationRef | null;
}

/** The filters every money list has: the days, and in the admin's lists the organisation. */
export const moneyFilterKeys = (panel: PaymentsPanel, own: readonly string[]) =>
  panel === 'admin' ? [...own, 'agencyId', 'advertiserId', 'from', 'to'] : [...own, 'from', 'to'];

/**
 * A tab of money records: its own filters (`ownFilters`), then the organisation (admins) and
 * days; the table starts with the date (and whose, for admins), pages below. The API's verdict
 * on the filters shows on them; any other failure in the table, with a retry.
 */
export function MoneyList<T extends MoneyRecord>({
  panel,
  texts,
  filters,
  query,
  columns,
  ownFilters,
}: {
  panel: PaymentsPanel;
  /** Where its caption and empty states are, in the payments texts. */
  texts: 'transactions' | 'credits' | 'online';
  filters: MoneyFilters;
  query: UseQueryResult<{ elements: T[]; meta: PageMeta }>;
  columns: Column<T>[];
  ownFilters?: (field: FilterFieldOf) => ReactNode;
}) {
  const { t } = useTranslation('payments');
  const errors = filterErrorsOf(t, query.error);
  const field: FilterFieldOf = (key) => filters.field(key, errors);
  const admin = panel === 'admin';
  const leading: Column<T>[] = [
    {
      key: 'date',
      header: t('columns.date'),
      cell: (row) => <span className={styles.nowrap}>{formatDateTime(row.createdAt)}</span>,
    },
    ...(admin
      ? [
          {
            key: 'organisation',
            header: t('columns.organisation'),
            cell: (row: T) => organisationText(t, row),
          },
        ]
      : []),
  ];

  return (
    <>
      <form
        className={listStyles.filterBar}
        aria-label={t('filters.label')}
        onSubmit={(event) => event.preventDefault()}
      >
        {ownFilters?.(field)}
        {admin && (
          <>
            <AgencyFilter field={field('agencyId')} />
            <AdvertiserFilter field={field('advertiserId')} />
          </>
        )}
        <div className={listStyles.dateRange}>
          <DateField label={t('filters.from')} {...field('from')} />
          <DateField label={t('filters.to')} {...field('to')} />
        </div>
      </form>
      <DataTable
        caption={t(`${texts}.caption`)}
        columns={[...leading, ...columns]}
        rows={query.data?.elements}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        error={query.isError && Object.keys(errors).length === 0 ? failureText(t, query.error) : null}
        onRetry={() => query.refetch()}
        empty={
          filters.filtered
            ? { title: t(`${texts}.emptyFiltered.title`), body: t(`${texts}.emptyFiltered.body`) }
            : { title: t(`${texts}.empty.title`), body: t(`${texts}.empty.body`) }
        }
      />
      <Pagination meta={query.data?.meta} onPage={(page) => filters.update({ page })} />
    </>
  );
}
