import { type NotificationLogDto, notificationEvents } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import { DateRangeFields, rangeIsReversed } from '../../shell/list/date-range-fields';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useTabListParams } from '../../shell/list/use-tab-list-params';
import { EventBadge } from './badges';
import { templateLabel } from './labels';
import { failureText } from './messages';
import styles from './notifications.module.css';
import { useNotificationLogs } from './notifications-api';
import { type MailHeading, QueuedEmailPanel } from './queued-email-panel';

/**
 * The notification log: every event of every mail (queued, sent, retrying, failed, resent),
 * newest first. A row's recipient opens its mail; `?queuedEmailId=` narrows it to one mail.
 */
export function LogTab() {
  const { t } = useTranslation('notifications');
  const { params, apiParams, update } = useTabListParams();
  const reversed = rangeIsReversed(params.filters);
  const list = useNotificationLogs(apiParams, !reversed);
  const [open, setOpen] = useState<MailHeading | null>(null);
  const { event = '', queuedEmailId = '' } = params.filters;
  const filtered = Boolean(
    params.search || event || queuedEmailId || params.filters.from || params.filters.to,
  );

  const columns: Column<NotificationLogDto>[] = [
    {
      key: 'createdAt',
      header: t('columns.time'),
      cell: (entry) => <span className={styles.time}>{formatDateTime(entry.createdAt)}</span>,
    },
    { key: 'event', header: t('columns.event'), cell: (entry) => <EventBadge event={entry.event} /> },
    {
      key: 'recipient',
      header: t('columns.recipient'),
      cell: (entry) => (
        <button
          type="button"
          className={styles.open}
          aria-label={t('outbox.open', { address: entry.queuedEmail.toAddress })}
          onClick={() => setOpen(entry.queuedEmail)}
        >
          {entry.queuedEmail.toAddress}
        </button>
      ),
    },
    { key: 'subject', header: t('columns.subject'), cell: (entry) => entry.queuedEmail.subject },
    {
      key: 'template',
      header: t('columns.template'),
      cell: (entry) => templateLabel(t, entry.queuedEmail.templateKey),
    },
    {
      key: 'detail',
      header: t('columns.detail'),
      cell: (entry) =>
        entry.detail ? (
          <span className={styles.error}>{entry.detail}</span>
        ) : (
          <span className={styles.muted}>{t('none')}</span>
        ),
    },
  ];

  return (
    <>
      <div className={listStyles.toolbar}>
        <SearchBox value={params.search} label={t('log.search')} onSearch={(search) => update({ search })} />
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('filters.event')}
            value={event}
            onChange={(change) => update({ event: change.target.value })}
            options={[
              { value: '', label: t('filters.all') },
              ...notificationEvents.map((value) => ({ value, label: t(`events.${value}`) })),
            ]}
          />
          <DateRangeFields filters={params.filters} onChange={update} />
        </div>
      </div>
      {queuedEmailId && (
        <p className={styles.chip}>
          {t('log.onlyMail', { id: queuedEmailId })}
          <Button
            size="tiny"
            variant="outline"
            color="white"
            onClick={() => update({ queuedEmailId: undefined })}
          >
            {t('log.allMails')}
          </Button>
        </p>
      )}
      <DataTable
        caption={t('tabs.log')}
        columns={columns}
        rows={reversed ? undefined : list.data?.elements}
        rowKey={(entry) => entry.id}
        loading={list.isFetching}
        error={reversed ? t('shell:list.endBeforeStart') : list.error ? failureText(t, list.error) : null}
        onRetry={reversed ? undefined : () => void list.refetch()}
        empty={
          filtered
            ? { title: t('empty.filteredTitle'), body: t('empty.filteredBody') }
            : { title: t('log.emptyTitle'), body: t('log.emptyBody') }
        }
      />
      {!reversed && <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />}
      {open && <QueuedEmailPanel mail={open} onClose={() => setOpen(null)} />}
    </>
  );
}
