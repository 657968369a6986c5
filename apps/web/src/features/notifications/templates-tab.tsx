import type { EmailTemplateEntry } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useTabListParams } from '../../shell/list/use-tab-list-params';
import { localeLabel, templateLabel } from './labels';
import { failureText } from './messages';
import styles from './notifications.module.css';
import { useEmailTemplates, useTemplateOptions } from './notifications-api';
import { TemplatePanel } from './template-panel';

/** The e-mail templates, one per key and language; each opens in the editor with its live preview. */
export function TemplatesTab() {
  const { t } = useTranslation('notifications');
  const canWrite = useCan('notifications', 'write');
  const { params, apiParams, update } = useTabListParams();
  const list = useEmailTemplates(apiParams);
  const options = useTemplateOptions();
  const [open, setOpen] = useState<EmailTemplateEntry | null>(null);
  const { key = '', locale = '' } = params.filters;
  const filtered = Boolean(params.search || key || locale);
  const action = canWrite ? 'templates.edit' : 'templates.view';
  // The API sorts by key unless told otherwise; the first click on it flips the order.
  const sort = params.sort ?? 'key';

  const columns: Column<EmailTemplateEntry>[] = [
    {
      key: 'key',
      header: t('columns.template'),
      sortField: 'key',
      cell: (entry) => (
        <>
          <span className={styles.strong}>{templateLabel(t, entry.key)}</span>
          <span className={styles.subline}>
            <code>{entry.key}</code>
          </span>
        </>
      ),
    },
    {
      key: 'locale',
      header: t('columns.locale'),
      sortField: 'locale',
      cell: (entry) => localeLabel(t, entry.locale),
    },
    {
      key: 'subject',
      header: t('columns.subject'),
      cell: (entry) => <code className={styles.code}>{entry.subject}</code>,
    },
    {
      key: 'updatedAt',
      header: t('columns.updatedAt'),
      sortField: 'updatedAt',
      cell: (entry) => formatDateTime(entry.updatedAt),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      align: 'end',
      cell: (entry) => (
        <Button
          size="small"
          variant="outline"
          aria-label={t(`${action}Label`, {
            name: templateLabel(t, entry.key),
            language: localeLabel(t, entry.locale),
          })}
          onClick={() => setOpen(entry)}
        >
          {t(action)}
        </Button>
      ),
    },
  ];

  return (
    <>
      <div className={listStyles.toolbar}>
        <SearchBox
          value={params.search}
          label={t('templates.search')}
          onSearch={(search) => update({ search })}
        />
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('filters.template')}
            value={key}
            onChange={(event) => update({ key: event.target.value })}
            options={[
              { value: '', label: t('filters.all') },
              ...(options.data?.keys ?? []).map((value) => ({ value, label: templateLabel(t, value) })),
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
        </div>
      </div>
      <DataTable
        caption={t('tabs.templates')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(entry) => entry.id}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        sort={sort}
        order={params.order}
        onSort={(field) =>
          update({ sort: field, order: field === sort && params.order === 'asc' ? 'desc' : 'asc' })
        }
        empty={
          filtered
            ? { title: t('empty.filteredTitle'), body: t('empty.filteredBody') }
            : { title: t('templates.emptyTitle'), body: t('templates.emptyBody') }
        }
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
      {open && <TemplatePanel entry={open} canWrite={canWrite} onClose={() => setOpen(null)} />}
    </>
  );
}
