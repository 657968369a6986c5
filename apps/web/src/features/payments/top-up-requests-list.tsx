import { type LogTopUpRequestDto, topUpRequestStatuses } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format';
import { failureText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import { DateRangeFields, rangeIsReversed } from '../../shell/list/date-range-fields';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { useListParams } from '../../shell/list/use-list-params';
import { InvoiceLink, OrganisationFilters } from '../invoices';
import styles from './top-up-request.module.css';
import { TopUpRequestPanel } from './top-up-request-panel';
import { TopUpRequestStatusBadge } from './top-up-request-status-badge';
import { type TopUpRequestsPanel, useTopUpRequests } from './top-up-requests-api';
import { PAYMENTS_PAGE_KEYS } from './use-money-filters';

/** Who and when, or a dash. */
function Person({ person, at }: { person: { name: string; email: string } | null; at?: string | null }) {
  const { t } = useTranslation('top-up-requests');
  if (!person) return <>{at ? t('system') : t('none')}</>;
  return (
    <span title={person.email}>
      {person.name}
      {at && <span className={`${styles.subline} ${styles.time}`}>{formatDateTime(at)}</span>}
    </span>
  );
}

/**
 * Requests to top up by bank transfer, newest first, by status and days (admins: of one agency
 * or advertiser too). A row opens its details and proforma; admins accept or reject there.
 */
export function TopUpRequestsList({ panel }: { panel: TopUpRequestsPanel }) {
  const { t } = useTranslation('top-up-requests');
  const { params, apiParams, update } = useListParams({ pageKeys: PAYMENTS_PAGE_KEYS });
  const reversed = rangeIsReversed(params.filters);
  const list = useTopUpRequests(panel, apiParams, !reversed);
  const [open, setOpen] = useState<LogTopUpRequestDto | null>(null);
  const admin = panel === 'admin';
  const filtered = Object.keys(params.filters).length > 0;
  const money = (value: number, request: LogTopUpRequestDto) =>
    formatMoney(value, request.currency, t('common:currencyNotSet'));

  const columns: Column<LogTopUpRequestDto>[] = [
    {
      key: 'date',
      header: t('columns.date'),
      cell: (request) => (
        <button
          type="button"
          className={`${styles.open} ${styles.time}`}
          aria-label={t('open', { id: request.id })}
          onClick={() => setOpen(request)}
        >
          {formatDateTime(request.createdAt)}
        </button>
      ),
    },
    ...(admin
      ? [
          {
            key: 'organisation',
            header: t('columns.organisation'),
            cell: (request: LogTopUpRequestDto) =>
              request.advertiser?.name ?? request.agency?.name ?? t('none'),
          },
        ]
      : []),
    { key: 'net', header: t('columns.net'), align: 'end', cell: (request) => money(request.net, request) },
    { key: 'tax', header: t('columns.tax'), align: 'end', cell: (request) => money(request.tax, request) },
    {
      key: 'gross',
      header: t('columns.gross'),
      align: 'end',
      cell: (request) => money(request.gross, request),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (request) => <TopUpRequestStatusBadge status={request.status} />,
    },
    {
      key: 'requestedBy',
      header: t('columns.requestedBy'),
      cell: (request) => <Person person={request.requestedBy} />,
    },
    {
      key: 'decided',
      header: t('columns.decided'),
      cell: (request) => <Person person={request.decidedBy} at={request.decidedAt} />,
    },
    {
      key: 'invoice',
      header: t('columns.invoice'),
      cell: (request) =>
        request.invoice ? <InvoiceLink panel={panel} invoice={request.invoice} /> : t('none'),
    },
  ];

  return (
    <>
      <div className={listStyles.filterBar}>
        <SelectField
          label={t('filters.status')}
          value={params.filters.status ?? ''}
          onChange={(event) => update({ status: event.target.value })}
          options={[
            { value: '', label: t('filters.anyStatus') },
            ...topUpRequestStatuses.map((status) => ({ value: status, label: t(`status.${status}`) })),
          ]}
        />
        {admin && <OrganisationFilters filters={params.filters} onChange={update} />}
        <DateRangeFields filters={params.filters} onChange={update} />
      </div>
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={reversed ? undefined : list.data?.elements}
        rowKey={(request) => request.id}
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
      {open && <TopUpRequestPanel panel={panel} row={open} onClose={() => setOpen(null)} />}
    </>
  );
}
