import { type CampaignListItemDto, campaignStatuses } from '@rtb/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCurrencyOf } from '../../account/reference-data';
import { useCan } from '../../auth/can';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import { usePageTitle } from '../../shell/page-title';
import { notify } from '../../shell/toast/notify';
import { BulkActions } from './bulk-actions';
import { campaignColumns, performanceColumns } from './campaign-columns';
import styles from './campaigns.module.css';
import { campaignPath, useCampaigns, useDuplicateCampaign } from './campaigns-api';

/**
 * /panel/advertiser/campaigns: the advertiser's campaigns with why each serves or not, budgets,
 * spend and counters; search, filters (status, serving), sort, paging; bulk pause, resume and
 * archive, and duplicate (with `campaigns:write`).
 */
export function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  const currencyOf = useCurrencyOf();
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const canWrite = useCan('campaigns', 'write');
  const { params, apiParams, update, toggleSort } = useListParams();
  const list = useCampaigns(apiParams);
  const duplicate = useDuplicateCampaign();
  const idempotency = useIdempotencyKey();
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const { status = '', serving = '' } = params.filters;
  const filtered = Boolean(params.search || status || serving);
  const rows = list.data?.elements;

  // Another page, filter or search shows other rows: what was picked is dropped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's parameters are the trigger
  useEffect(() => setSelected(new Set()), [apiParams]);

  // One key per copy asked for: clicking again after a failure retries it (the server answers
  // with the copy it may have made); after a success, a click asks for another copy.
  const copy = (campaign: CampaignListItemDto) =>
    duplicate.mutate(
      { id: campaign.id, idempotencyKey: idempotency.keyFor({ duplicate: campaign.id }) },
      {
        onSuccess: (created) => {
          idempotency.settled();
          notify.success(
            <span>
              {t('list.duplicated', { name: created.name })}{' '}
              <Link to={campaignPath(created.id)}>{t('list.openCopy')}</Link>
            </span>,
          );
        },
        onError: (error) => notify.error(failureText(t, error)),
      },
    );

  const columns: Column<CampaignListItemDto>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'name',
      // The row's action sits under the name: one column fewer, so the list fits a desktop.
      cell: (campaign) => (
        <span className={styles.nameCell}>
          <Link className={styles.nameLink} to={campaignPath(campaign.id)}>
            {campaign.name}
          </Link>
          {canWrite && (
            <Button
              size="tiny"
              variant="outline"
              color="white"
              loading={duplicate.isPending && duplicate.variables?.id === campaign.id}
              aria-label={t('list.duplicateNamed', { name: campaign.name })}
              onClick={() => copy(campaign)}
            >
              {t('list.duplicate')}
            </Button>
          )}
        </span>
      ),
    },
    ...campaignColumns(t, currencyOf, (campaign) => campaignPath(campaign.id)),
    ...performanceColumns(t, currencyOf),
  ];

  const addButton = canWrite ? (
    <Button onClick={() => navigate(campaignPath())}>{t('add')}</Button>
  ) : undefined;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
        {addButton}
      </header>
      <div className={listStyles.toolbar}>
        <SearchBox value={params.search} label={t('list.search')} onSearch={(search) => update({ search })} />
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('filters.status')}
            value={status}
            onChange={(event) => update({ status: event.target.value })}
            options={[
              { value: '', label: t('filters.anyStatus') },
              ...campaignStatuses.map((value) => ({ value, label: t(`status.${value}`) })),
            ]}
          />
          <SelectField
            className={styles.filter}
            label={t('filters.serving')}
            value={serving}
            onChange={(event) => update({ serving: event.target.value })}
            options={[
              { value: '', label: t('filters.anyServing') },
              { value: 'serving', label: t('serving.serving') },
              { value: 'not_serving', label: t('serving.notServing') },
            ]}
          />
        </div>
      </div>
      {canWrite && (
        <BulkActions
          ids={[...selected] as number[]}
          names={new Map(rows?.map((campaign) => [campaign.id, campaign.name]))}
          onDone={() => setSelected(new Set())}
        />
      )}
      <DataTable
        compact
        caption={t('caption')}
        columns={columns}
        rows={rows}
        rowKey={(campaign) => campaign.id}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => list.refetch()}
        sort={params.sort}
        order={params.order}
        onSort={toggleSort}
        selection={
          canWrite
            ? {
                selected,
                onChange: setSelected,
                rowLabel: (campaign) => t('list.select', { name: campaign.name }),
                allLabel: t('list.selectAll'),
              }
            : undefined
        }
        empty={
          filtered
            ? { title: t('empty.filteredTitle'), body: t('empty.filteredBody') }
            : {
                title: t('empty.title'),
                body: canWrite ? t('empty.body') : t('empty.readOnlyBody'),
                action: canWrite ? (
                  <Button onClick={() => navigate(campaignPath())}>{t('empty.action')}</Button>
                ) : undefined,
              }
        }
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
    </div>
  );
}
