import { ledgerTransactionTypes, organisationAccountPurposes, type PaymentDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import { Pagination } from '../../shell/list/pagination';
import { AdvertiserFilter, AgencyFilter } from '../activity-logs/filter-pickers';
import { initiatorText, organisationText, SignedAmount } from './money-cells';
import styles from './payments.module.css';
import { type PaymentsPanel, paymentMessagesOf, usePayments } from './payments-api';
import { filterErrorsOf, PAYMENTS_PAGE_KEYS, useMoneyFilters } from './use-money-filters';
import '../activity-logs/texts';
import { InvoiceLink } from '../invoices/invoice-link';

const FILTERS = ['type', 'account', 'agencyId', 'advertiserId', 'from', 'to'] as const;
const ORGANISATION_FILTERS = ['type', 'from', 'to'] as const;

/**
 * The balance movements: date, operation, value, balance before and after, who and why, and the
 * invoice. The admin's list spans every organisation (each row names it) with its filters.
 */
export function TransactionsTab({ panel }: { panel: PaymentsPanel }) {
  const { t } = useTranslation('payments');
  const admin = panel === 'admin';
  const filters = useMoneyFilters(admin ? FILTERS : ORGANISATION_FILTERS, PAYMENTS_PAGE_KEYS);
  const query = usePayments(panel, filters.apiParams);
  const errors = filterErrorsOf(t, query.error);
  const field = (key: (typeof FILTERS)[number]) => filters.field(key, errors);
  const notSet = t('common:currencyNotSet');
  const money = (value: number, row: PaymentDto) => formatMoney(value, row.currency, notSet);

  const columns: Column<PaymentDto>[] = [
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
            cell: (row: PaymentDto) => organisationText(t, row),
          },
        ]
      : []),
    {
      key: 'type',
      header: t('columns.type'),
      cell: (row) => (
        <>
          {t(`types.${row.type}`)}
          {row.counterparty && <span className={styles.sub}>{row.counterparty.name}</span>}
          {row.account === 'agency_balance' && (
            <span className={styles.sub}>{t('accounts.agency_balance')}</span>
          )}
        </>
      ),
    },
    {
      key: 'amount',
      header: t('columns.amount'),
      align: 'end',
      cell: (row) => <SignedAmount value={row.amount} currency={row.currency} />,
    },
    {
      key: 'balance',
      header: t('columns.balance'),
      align: 'end',
      cell: (row) => (
        <span className={styles.nowrap}>
          {t('change', { before: money(row.balanceBefore, row), after: money(row.balanceAfter, row) })}
        </span>
      ),
    },
    { key: 'initiator', header: t('columns.initiator'), cell: (row) => initiatorText(t, row) },
    { key: 'reason', header: t('columns.reason'), cell: (row) => row.reason ?? '' },
    {
      key: 'invoice',
      header: t('columns.invoice'),
      cell: (row) => (row.invoice ? <InvoiceLink panel={panel} invoice={row.invoice} /> : ''),
    },
  ];

  return (
    <>
      <form
        className={styles.filters}
        aria-label={t('filters.label')}
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label={t('filters.type')}
          placeholder={t('filters.anyType')}
          options={ledgerTransactionTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
          {...field('type')}
        />
        {admin && (
          <>
            <SelectField
              label={t('filters.account')}
              placeholder={t('filters.anyAccount')}
              options={organisationAccountPurposes.map((value) => ({ value, label: t(`accounts.${value}`) }))}
              {...field('account')}
            />
            <AgencyFilter field={field('agencyId')} />
            <AdvertiserFilter field={field('advertiserId')} />
          </>
        )}
        <TextField type="date" label={t('filters.from')} {...field('from')} />
        <TextField type="date" label={t('filters.to')} {...field('to')} />
      </form>
      <DataTable
        caption={t('transactions.caption')}
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
            ? { title: t('transactions.emptyFiltered.title'), body: t('transactions.emptyFiltered.body') }
            : { title: t('transactions.empty.title'), body: t('transactions.empty.body') }
        }
      />
      <Pagination meta={query.data?.meta} onPage={(page) => filters.update({ page })} />
    </>
  );
}
