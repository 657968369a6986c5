import type { AudienceDto } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { formatNumber } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import { AudiencePanel } from './audience-panel';
import styles from './audiences.module.css';
import { useAudiences } from './audiences-api';
import { ruleText } from './rule-text';

/**
 * The integrations page's Audiences tab: the advertiser's audiences (search by name) with their
 * rule, estimated size and the campaigns using them; one opens in a side panel to change or
 * delete, and with `integrations:write` new ones are made there.
 */
export function AudiencesTab() {
  const { t } = useTranslation('audiences');
  const canWrite = useCan('integrations', 'write');
  const { params, update } = useListParams({ pageKeys: ['tab'] });
  const list = useAudiences({ page: params.page, search: params.search || undefined });
  // null: closed; 'new': the form for a new audience; else the audience being edited.
  const [editing, setEditing] = useState<AudienceDto | 'new' | null>(null);
  const create = canWrite ? (
    <Button size="small" onClick={() => setEditing('new')}>
      {t('list.create')}
    </Button>
  ) : undefined;

  const columns: Column<AudienceDto>[] = [
    {
      key: 'name',
      header: t('list.name'),
      cell: (audience) => (
        <button
          type="button"
          className={styles.open}
          aria-label={t('list.open', { name: audience.name })}
          onClick={() => setEditing(audience)}
        >
          {audience.name}
        </button>
      ),
    },
    { key: 'rule', header: t('list.rule'), cell: (audience) => ruleText(t, audience) },
    {
      key: 'size',
      header: t('list.size'),
      align: 'end',
      cell: (audience) => formatNumber(audience.estimatedSize),
    },
    {
      key: 'campaigns',
      header: t('list.campaigns'),
      align: 'end',
      cell: (audience) => formatNumber(audience.campaignCount),
    },
  ];

  return (
    <>
      <p className={styles.lead}>{t('list.lead')}</p>
      <div className={listStyles.toolbar}>
        <SearchBox value={params.search} label={t('list.search')} onSearch={(search) => update({ search })} />
        {create && <div className={styles.toolbarActions}>{create}</div>}
      </div>
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(audience) => audience.id}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        empty={
          params.search
            ? { title: t('list.noMatchTitle'), body: t('list.noMatchBody') }
            : { title: t('list.emptyTitle'), body: t('list.emptyBody'), action: create }
        }
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
      {editing !== null && (
        <AudiencePanel
          audience={editing === 'new' ? null : editing}
          canWrite={canWrite}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
