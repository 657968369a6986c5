import type { FaqDto } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocales } from '../../account/reference-data';
import { useCan } from '../../auth/can';
import { formatDateTime } from '../../lib/format';
import { EnabledBadge } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import { FaqPanel } from './faq-panel';
import styles from './support.module.css';
import { useFaqs } from './support-api';

/** The FAQs of every language, by language and position; a question opens in a side panel to edit. */
export function FaqsTab() {
  const { t } = useTranslation('support');
  const canWrite = useCan('support', 'write');
  const { params, apiParams, update, toggleSort } = useListParams({ pageKeys: ['tab'] });
  const list = useFaqs('admin', apiParams);
  const locales = useLocales();
  // null: closed; 'new': the form for a new question; else the question being edited.
  const [editing, setEditing] = useState<FaqDto | 'new' | null>(null);
  const { locale = '', enabled = '' } = params.filters;
  const filtered = Boolean(params.search || locale || enabled);
  const languageName = (code: string) =>
    locales.data?.find((entry) => entry.code === code)?.name ??
    t(`common:locale.${code}`, { defaultValue: code });

  const columns: Column<FaqDto>[] = [
    {
      key: 'question',
      header: t('columns.question'),
      sortField: 'question',
      cell: (faq) => (
        <button
          type="button"
          className={styles.open}
          aria-label={t('faqAdmin.edit', { question: faq.question })}
          onClick={() => setEditing(faq)}
        >
          {faq.question}
        </button>
      ),
    },
    { key: 'language', header: t('columns.language'), cell: (faq) => languageName(faq.locale) },
    {
      key: 'position',
      header: t('columns.position'),
      sortField: 'position',
      align: 'end',
      cell: (faq) => faq.position,
    },
    { key: 'status', header: t('columns.status'), cell: (faq) => <EnabledBadge enabled={faq.enabled} /> },
    {
      key: 'updatedAt',
      header: t('columns.updated'),
      sortField: 'updatedAt',
      cell: (faq) => formatDateTime(faq.updatedAt),
    },
  ];

  return (
    <>
      <div className={listStyles.toolbar}>
        <SearchBox
          value={params.search}
          label={t('faqAdmin.search')}
          onSearch={(search) => update({ search })}
        />
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('faqAdmin.language')}
            value={locale}
            onChange={(event) => update({ locale: event.target.value })}
            options={[
              { value: '', label: t('faqAdmin.allLanguages') },
              ...(locales.data ?? []).map((entry) => ({ value: entry.code, label: entry.name })),
            ]}
          />
          <SelectField
            className={styles.filter}
            label={t('faqAdmin.statusFilter')}
            value={enabled}
            onChange={(event) => update({ enabled: event.target.value })}
            options={[
              { value: '', label: t('faqAdmin.allStatuses') },
              { value: 'true', label: t('shell:status.enabled') },
              { value: 'false', label: t('shell:status.disabled') },
            ]}
          />
        </div>
        {canWrite && (
          <div className={styles.toolbarActions}>
            <Button size="small" onClick={() => setEditing('new')}>
              {t('faqAdmin.add')}
            </Button>
          </div>
        )}
      </div>
      <DataTable
        caption={t('faqAdmin.caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(faq) => faq.id}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        sort={params.sort ?? 'position'}
        order={params.order}
        onSort={toggleSort}
        empty={
          filtered
            ? { title: t('faqAdmin.filteredTitle'), body: t('faqAdmin.filteredBody') }
            : { title: t('faqAdmin.emptyTitle'), body: t('faqAdmin.emptyBody') }
        }
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
      {editing !== null && (
        <FaqPanel
          faq={editing === 'new' ? null : editing}
          defaultLocale={locale || 'en'}
          canWrite={canWrite}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
