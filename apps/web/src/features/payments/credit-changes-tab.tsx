import type { LogCreditDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format';
import { TextField } from '../../shell/form/text-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import { Pagination } from '../../shell/list/pagination';
import { AdvertiserFilter, AgencyFilter } from '../activity-logs/filter-pickers';
import { initiatorText, organisationText } from './money-cells';
import styles from './payments.module.css';
import { type PaymentsPanel, paymentMessagesOf, useLogCredits } from './payments-api';
import { filterErrorsOf, PAYMENTS_PAGE_KEYS, useMoneyFilters } from './use-money-filters';
import '../activity-logs/texts';

const FILTERS = ['agencyId', 'advertiserId', 'from', 'to'] as const;
const ORGANISATION_FILTERS = ['from', 'to'] as const;

/** Changes of the credit limit and of spending on credit, with who made them and why. */
export function CreditChangesTab({ panel }: { panel: PaymentsPanel }) {
  const { t } = useTranslation('payments');
  const admin = panel === 'admin';
  const filters = useMoneyFilters(admin ? FILTERS : ORGANISATION_FILTERS, PAYMENTS_PAGE_KEYS);
  const query = useLogCredits(panel, filters.apiParams);
  const errors = filterErrorsOf(t, query.error);
  const field = (key: (typeof FILTERS)[number]) => filters.field(key, errors);
  const money = (value: number, row: LogCreditDto) =>
    formatMoney(value, row.currency, t('common:currencyNotSet'));
  const onOff = (value: boolean) => t(value ? 'credits.on' : 'credits.off');

  const columns: Column<LogCreditDto>[] = [
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
            cell: (row: LogCreditDto) => organisationText(t, row),
          },
        ]
      : []),
    {
      key: 'limit',
      header: t('columns.creditLimit'),
      align: 'end',
      cell: (row) => (
        <span className={styles.nowrap}>
          {t('change', {
            before: money(row.creditLimitBefore, row),
            after: money(row.creditLimitAfter, row),
          })}
        </span>
      ),
    },
    {
      key: 'use',
      header: t('columns.useCreditLimit'),
      cell: (row) =>
        t('change', { before: onOff(row.useCreditLimitBefore), after: onOff(row.useCreditLimitAfter) }),
    },
    { key: 'initiator', header: t('columns.initiator'), cell: (row) => initiatorText(t, row) },
    { key: 'reason', header: t('columns.reason'), cell: (row) => row.reason ?? '' },
  ];

  return (
    <>
      <form
        className={styles.filters}
        aria-label={t('filters.label')}
        onSubmit={(event) => event.preventDefault()}
      >
        {admin && (
          <>
            <AgencyFilter field={field('agencyId')} />
            <AdvertiserFilter field={field('advertiserId')} />
          </>
        )}
        <TextField type="date" label={t('filters.from')} {...field('from')} />
        <TextField type="date" label={t('filters.to')} {...field('to')} />
      </form>
      <DataTable
        caption={t('credits.caption')}
        columns={columns}
        rows={query.data?.elements}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        error={
          query.isError && Object.keys(errors).length === 0
            ? paymentMessagesOf.failureText(t, query.error)
            : null
        }
        onRetry={() => query.refetch()}
        empty={
          filters.filtered
            ? { title: t('credits.emptyFiltered.title'), body: t('credits.emptyFiltered.body') }
            : { title: t('credits.empty.title'), body: t('credits.empty.body') }
        }
      />
      <Pagination meta={query.data?.meta} onPage={(page) => filters.update({ page })} />
    </>
  );
}
