import {
  externalApiOutcomes,
  externalApiServices,
  type LogExternalApiDto,
  logExternalApisQuery,
} from '@rtb/shared';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../shell/badge/badge';
import { zodIssueText } from '../../shell/form/code-resolver';
import { DateField } from '../../shell/form/date-field';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import styles from './external-apis.module.css';
import { type ExternalApiFilterKey, externalApiFilterKeys, useExternalApiLog } from './external-apis-api';

const NS = 'external-apis';
type DateFilterKey = 'from' | 'to';

/** The date filters' problems, per field, or none. */
function dateErrors(
  t: TFunction,
  dates: Partial<Record<DateFilterKey, string>>,
): Partial<Record<DateFilterKey, string>> {
  const result = logExternalApisQuery.safeParse(dates);
  if (result.success) return {};
  const errors: Partial<Record<DateFilterKey, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as DateFilterKey;
    errors[field] ??= zodIssueText(t, issue, dates[field]);
  }
  return errors;
}

function StatusBadge({ call }: { call: LogExternalApiDto }) {
  const { t } = useTranslation(NS);
  if (call.statusCode === null) return <Badge tone="alert">{t('noAnswer')}</Badge>;
  return <Badge tone={call.statusCode < 400 ? 'success' : 'alert'}>{call.statusCode}</Badge>;
}

/**
 * The external-API log: every outgoing HTTP call of the platform, newest first, with the
 * filters (service, outcome, UTC days, URL search) and the page in the URL.
 */
export function ExternalApisLog() {
  const { t } = useTranslation(NS);
  const { params, update } = useListParams();
  const filters = Object.fromEntries(
    externalApiFilterKeys.map((key) => [key, params.filters[key]]),
  ) as Partial<Record<ExternalApiFilterKey, string>>;
  const log = useExternalApiLog({ page: params.page, search: params.search || undefined, ...filters });
  const [errors, setErrors] = useState<Partial<Record<DateFilterKey, string>>>({});
  const filtered = Boolean(params.search || Object.values(filters).some(Boolean));

  const setDate = (field: DateFilterKey, value: string) => {
    const found = dateErrors(t, { from: filters.from, to: filters.to, [field]: value || undefined });
    setErrors(found);
    if (!found.from && !found.to) update({ [field]: value });
  };

  const columns: Column<LogExternalApiDto>[] = [
    { key: 'time', header: t('columns.time'), cell: (call) => formatDateTime(call.createdAt) },
    {
      key: 'service',
      header: t('columns.service'),
      cell: (call) => t(`services.${call.service}`, call.service),
    },
    {
      key: 'method',
      header: t('columns.method'),
      cell: (call) => <span className={styles.code}>{call.method}</span>,
    },
    { key: 'url', header: t('columns.url'), cell: (call) => <span className={styles.url}>{call.url}</span> },
    { key: 'status', header: t('columns.status'), cell: (call) => <StatusBadge call={call} /> },
    {
      key: 'duration',
      header: t('columns.duration'),
      align: 'end',
      cell: (call) => t('duration', { ms: call.durationMs }),
    },
    {
      key: 'error',
      header: t('columns.error'),
      cell: (call) => (call.error ? <span className={styles.error}>{call.error}</span> : t('none')),
    },
  ];

  return (
    <>
      <div className={listStyles.toolbar}>
        <SearchBox value={params.search} label={t('searchLabel')} onSearch={(search) => update({ search })} />
        <div className={`${listStyles.filters} ${styles.filters}`}>
          <SelectField
            label={t('filters.service')}
            value={filters.service ?? ''}
            onChange={(event) => update({ service: event.target.value })}
            options={[
              { value: '', label: t('filters.anyService') },
              ...externalApiServices.map((service) => ({ value: service, label: t(`services.${service}`) })),
            ]}
          />
          <SelectField
            label={t('filters.outcome')}
            value={filters.outcome ?? ''}
            onChange={(event) => update({ outcome: event.target.value })}
            options={[
              { value: '', label: t('filters.anyOutcome') },
              ...externalApiOutcomes.map((outcome) => ({ value: outcome, label: t(`outcomes.${outcome}`) })),
            ]}
          />
          <DateField
            label={t('filters.from')}
            value={filters.from ?? ''}
            error={errors.from}
            onChange={(event) => setDate('from', event.target.value)}
          />
          <DateField
            label={t('filters.to')}
            hint={t('filters.datesHint')}
            value={filters.to ?? ''}
            error={errors.to}
            onChange={(event) => setDate('to', event.target.value)}
          />
        </div>
      </div>
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={log.data?.elements}
        rowKey={(call) => call.id}
        loading={log.isFetching}
        error={
          log.error ? (isApiError(log.error) ? log.error.message : t('common:errors.communication')) : null
        }
        onRetry={() => log.refetch()}
        empty={
          filtered
            ? { title: t('empty.filteredTitle'), body: t('empty.filteredBody') }
            : { title: t('empty.title'), body: t('empty.body') }
        }
      />
      <Pagination meta={log.data?.meta} onPage={(page) => update({ page })} />
    </>
  );
}
