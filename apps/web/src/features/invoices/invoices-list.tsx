import type { InvoiceDto } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format';
import { failureText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import { DateRangeFields, rangeIsReversed } from '../../shell/list/date-range-fields';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import { type InvoiceHeading, InvoicePanel } from './invoice-panel';
import styles from './invoices.module.css';
import { type InvoicesPanel, useInvoices } from './invoices-api';
import { OrganisationFilters } from './organisation-filters';

/**
 * A panel's invoices, newest first: search by number, days, and for admins one agency or
 * advertiser. A number opens the PDF preview, to download or send by e-mail. `pageKeys` are the
 * address's keys of the page around the list, which its filters leave alone.
 */
export function InvoicesList({
  panel,
  pageKeys = [],
}: {
  panel: InvoicesPanel;
  pageKeys?: readonly string[];
}) {
  const { t } = useTranslation('invoices');
  const { params, apiParams, update } = useListParams({ pageKeys });
  const reversed = rangeIsReversed(params.filters);
  const list = useInvoices(panel, apiParams, !reversed);
  const [open, setOpen] = useState<InvoiceHeading | null>(null);
  const admin = panel === 'admin';
  const filtered = Boolean(params.search || Object.keys(params.filters).length);
  const money = (value: number, invoice: InvoiceDto) =>
    formatMoney(value, invoice.currency, t('common:currencyNotSet'));

  const columns: Column<InvoiceDto>[] = [
    {
      key: 'number',
      header: t('columns.number'),
      cell: (invoice) => (
        <button
          type="button"
          className={styles.open}
          aria-label={t('open', { number: invoice.number })}
          onClick={() => setOpen(invoice)}
        >
          {invoice.number}
        </button>
      ),
    },
    {
      key: 'issuedAt',
      header: t('columns.issuedAt'),
      cell: (invoice) => <span className={styles.time}>{formatDateTime(invoice.issuedAt)}</span>,
    },
    {
      key: 'buyer',
      header: t('columns.buyer'),
      cell: (invoice) => invoice.advertiser?.name ?? invoice.agency?.name ?? invoice.buyer.name,
    },
    { key: 'net', header: t('columns.net'), align: 'end', cell: (invoice) => money(invoice.net, invoice) },
    { key: 'tax', header: t('columns.tax'), align: 'end', cell: (invoice) => money(invoice.tax, invoice) },
    {
      key: 'gross',
      header: t('columns.gross'),
      align: 'end',
      cell: (invoice) => money(invoice.gross, invoice),
    },
    {
      key: 'paymentMethod',
      header: t('columns.paymentMethod'),
      cell: (invoice) => t(`paymentMethods.${invoice.paymentMethod}`),
    },
  ];

  return (
    <>
      <div className={listStyles.toolbar}>
        <SearchBox value={params.search} label={t('search')} onSearch={(search) => update({ search })} />
        <div className={listStyles.filters}>
          {admin && <OrganisationFilters filters={params.filters} onChange={update} />}
          <DateRangeFields filters={params.filters} onChange={update} />
        </div>
      </div>
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={reversed ? undefined : list.data?.elements}
        rowKey={(invoice) => invoice.id}
        loading={list.isFetching}
        error={reversed ? t('shell:list.endBeforeStart') : list.error ? failureText(t, list.error) : null}
        onRetry={reversed ? undefined : () => void list.refetch()}
        empty={
          filtered
            ? { title: t('empty.filteredTitle'), body: t('empty.filteredBody') }
            : { title: t('empty.title'), body: t('empty.body') }
        }
      />
      {!reversed && <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />}
      {open && <InvoicePanel panel={panel} invoice={open} onClose={() => setOpen(null)} />}
    </>
  );
}
