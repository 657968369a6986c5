import { type QueuedEmailEntry, queuedEmailStatuses } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import { DateRangeFields, rangeIsReversed } from '../../shell/list/date-range-fields';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useTabListParams } from '../../shell/list/use-tab-list-params';
import { MailStatusBadge } from './badges';
import { localeLabel, templateLabel } from './labels';
import { failureText } from './messages';
import styles from './notifications.module.css';
import { useQueuedEmails, useTemplateOptions } from './notifications-api';
import { QueuedEmailPanel } from './queued-email-panel';
import { ResendButton } from './resend-button';

/**
 * The outbox: every mail the platform queued, newest first, with its delivery state. A mail
 * opens in a side panel with its HTML and log; writers can resend sent and failed ones.
 */
export function OutboxTab() {
  const { t } = useTranslation('notifications');
  const { params, apiParams, update } = useTabListParams();
  const reversed = rangeIsReversed(params.filters);
  const list = useQueuedEmails(apiParams, !reversed);
  const options = useTemplateOptions();
  const [open, setOpen] = useState<QueuedEmailEntry | null>(null);
  const { status = '', templateKey = '', locale = '' } = params.filters;
  const filtered = Boolean(
    params.search || status || templateKey || locale || params.filters.from || params.filters.to,
  );
  // The API lists newest first unless told otherwise.
  const sort = params.sort ?? 'createdAt';
  const order = params.sort ? params.order : 'desc';

  const columns: Column<QueuedEmailEntry>[] = [
    {
      key: 'toAddress',
      header: t('columns.recipient'),
      cell: (mail) => (
        <button
          type="button"
          className={styles.open}
          aria-label={t('outbox.open', { address: mail.toAddress })}
          onClick={() => setOpen(mail)}
        >
          {mail.toAddress}
        </button>
      ),
    },
    { key: 'subject', header: t('columns.subject'), cell: (mail) => mail.subject },
    {
      key: 'template',
      header: t('columns.template'),
      cell: (mail) => (
        <>
          {templateLabel(t, mail.templateKey)}
          <span className={styles.muted}> · {localeLabel(t, mail.locale)}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      cell: (mail) => <MailStatusBadge status={mail.status} />,
    },
    { key: 'attempts', header: t('columns.attempts'), align: 'end', cell: (mail) => mail.attempts },
    {
      key: 'lastError',
      header: t('columns.lastError'),
      cell: (mail) =>
        mail.lastError ? (
          <span className={styles.error} title={mail.lastError}>
            {mail.lastError}
          </span>
        ) : (
          <span className={styles.muted}>{t('none')}</span>
        ),
    },
    {
      key: 'createdAt',
      header: t('columns.createdSent'),
      sortField: 'createdAt',
      cell: (mail) => (
        <>
          <span className={styles.time}>{formatDateTime(mail.createdAt)}</span>
          <span className={styles.subline}>
            {mail.sentAt ? t('outbox.sentAt', { time: formatDateTime(mail.sentAt) }) : t('outbox.notSent')}
          </span>
        </>
      ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      align: 'end',
      cell: (mail) => <ResendButton mail={mail} />,
    },
  ];

  return (
    <>
      <div className={listStyles.toolbar}>
        <SearchBox
          value={params.search}
          label={t('outbox.search')}
          onSearch={(search) => update({ search })}
        />
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('filters.status')}
            value={status}
            onChange={(event) => update({ status: event.target.value })}
            options={[
              { value: '', label: t('filters.all') },
              ...queuedEmailStatuses.map((value) => ({ value, label: t(`status.${value}`) })),
            ]}
          />
          <SelectField
            className={styles.filter}
            label={t('filters.template')}
            value={templateKey}
            onChange={(event) => update({ templateKey: event.target.value })}
            options={[
              { value: '', label: t('filters.all') },
              ...(options.data?.keys ?? []).map((key) => ({ value: key, label: templateLabel(t, key) })),
            ]}
          />
          <SelectField
            className={styles.filter}
            label={t('filters.locale')}
            value={locale}
            onChange={(event) => update({ locale: event.target.value })}
            options={[
              { value: '', label: t('filters.all') },
              ...(options.data?.locales ?? []).map((code) => ({ value: code, label: localeLabel(t, code) })),
            ]}
          />
          <DateRangeFields filters={params.filters} onChange={update} />
        </div>
      </div>
      <DataTable
        caption={t('tabs.outbox')}
        columns={columns}
        rows={reversed ? undefined : list.data?.elements}
        rowKey={(mail) => mail.id}
        loading={list.isFetching}
        error={reversed ? t('shell:list.endBeforeStart') : list.error ? failureText(t, list.error) : null}
        onRetry={reversed ? undefined : () => void list.refetch()}
        sort={sort}
        order={order}
        onSort={(field) => update({ sort: field, order: field === sort && order === 'asc' ? 'desc' : 'asc' })}
        empty={
          filtered
            ? { title: t('empty.filteredTitle'), body: t('empty.filteredBody') }
            : { title: t('outbox.emptyTitle'), body: t('outbox.emptyBody') }
        }
      />
      {!reversed && <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />}
      {open && <QueuedEmailPanel mail={open} onClose={() => setOpen(null)} />}
    </>
  );
}
