import { type OnlinePaymentDto, onlinePaymentStatuses } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format';
import { Badge, type BadgeTone } from '../../shell/badge/badge';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import { Pagination } from '../../shell/list/pagination';
import { InvoiceLink } from '../invoices/invoice-link';
import { organisationText } from './money-cells';
import styles from './payments.module.css';
import { type PaymentsPanel, paymentMessagesOf, useOnlinePayments } from './payments-api';
import { filterErrorsOf, PAYMENTS_PAGE_KEYS, useMoneyFilters } from './use-money-filters';

const FILTERS = ['status', 'from', 'to'] as const;
const tones: Record<OnlinePaymentDto['status'], BadgeTone> = {
  pending: 'warning',
  paid: 'success',
  expired: 'muted',
  failed: 'alert',
};

/** Online payments with their state; a pending one can still be paid on its checkout page. */
export function OnlinePaymentsTab({ panel }: { panel: PaymentsPanel }) {
  const { t } = useTranslation('payments');
  const filters = useMoneyFilters(FILTERS, PAYMENTS_PAGE_KEYS);
  const query = useOnlinePayments(panel, filters.apiParams);
  const errors = filterErrorsOf(t, query.error);
  const field = (key: (typeof FILTERS)[number]) => filters.field(key, errors);
  const money = (value: number, row: OnlinePaymentDto) =>
    formatMoney(value, row.currency, t('common:currencyNotSet'));

  const columns: Column<OnlinePaymentDto>[] = [
    {
      key: 'date',
      header: t('columns.date'),
      cell: (row) => <span className={styles.nowrap}>{formatDateTime(row.createdAt)}</span>,
    },
    ...(panel === 'admin'
      ? [
          {
            key: 'organisation',
            header: t('columns.organisation'),
            cell: (row: OnlinePaymentDto) => organisationText(t, row),
          },
        ]
      : []),
    {
      key: 'status',
      header: t('columns.status'),
      cell: (row) => (
        <>
          <Badge tone={tones[row.status]}>{t(`onlineStatuses.${row.status}`)}</Badge>
          {row.failureReason && <span className={styles.sub}>{row.failureReason}</span>}
        </>
      ),
    },
    { key: 'net', header: t('topUp.net'), align: 'end', cell: (row) => money(row.net, row) },
    { key: 'gross', header: t('topUp.gross'), align: 'end', cell: (row) => money(row.gross, row) },
    {
      key: 'invoice',
      header: t('columns.invoice'),
      cell: (row) => (row.invoice ? <InvoiceLink panel={panel} invoice={row.invoice} /> : ''),
    },
    {
      key: 'checkout',
      header: t('columns.action'),
      cell: (row) =>
        row.status === 'pending' && row.checkoutUrl && panel !== 'admin' ? (
          <a className={styles.link} href={row.checkoutUrl}>
            {t('online.continue')}
          </a>
        ) : null,
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
          label={t('filters.status')}
          placeholder={t('filters.anyStatus')}
          options={onlinePaymentStatuses.map((value) => ({ value, label: t(`onlineStatuses.${value}`) }))}
          {...field('status')}
        />
        <TextField type="date" label={t('filters.from')} {...field('from')} />
        <TextField type="date" label={t('filters.to')} {...field('to')} />
      </form>
      <DataTable
        caption={t('online.caption')}
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
            ? { title: t('online.emptyFiltered.title'), body: t('online.emptyFiltered.body') }
            : { title: t('online.empty.title'), body: t('online.empty.body') }
        }
      />
      <Pagination meta={query.data?.meta} onPage={(page) => filters.update({ page })} />
    </>
  );
}
