import type { CampaignListItemDto } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrencyOf } from '../../account/reference-data';
import { useCan } from '../../auth/can';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { notify } from '../../shell/toast/notify';
import { campaignColumns } from './campaign-columns';
import styles from './campaigns.module.css';
import { useAdminCampaignStatus, useAdminCampaigns } from './campaigns-api';

const PER_PAGE = 10;

/**
 * The admin's view of one advertiser's campaigns on its page: status, why each serves or not,
 * schedule, budgets and spend, with Pause and Resume (`advertisers:write`). Its search, sort and
 * page are its own (not in the address), as the page has other lists.
 */
export function AdvertiserCampaignsSection({ advertiserId }: { advertiserId: number }) {
  const { t } = useTranslation('campaigns');
  const currencyOf = useCurrencyOf();
  const canWrite = useCan('advertisers', 'write');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ field?: string; order: 'asc' | 'desc' }>({ order: 'desc' });
  const [page, setPage] = useState(1);
  const list = useAdminCampaigns({
    advertiserId,
    search: search || undefined,
    sort: sort.field,
    order: sort.field ? sort.order : undefined,
    page,
    perPage: PER_PAGE,
  });
  const change = useAdminCampaignStatus();
  const run = (campaign: CampaignListItemDto, status: 'active' | 'paused') =>
    change.mutate(
      { id: campaign.id, status },
      {
        onSuccess: () =>
          notify.success(t(status === 'paused' ? 'admin.paused' : 'admin.resumed', { name: campaign.name })),
        onError: (error) => notify.error(failureText(t, error)),
      },
    );

  const columns: Column<CampaignListItemDto>[] = [
    { key: 'name', header: t('columns.name'), sortField: 'name', cell: (campaign) => campaign.name },
    ...campaignColumns(t, currencyOf),
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      cell: (campaign) =>
        campaign.status === 'active' || campaign.status === 'paused' ? (
          <Button
            size="small"
            variant="outline"
            color="white"
            loading={change.isPending && change.variables?.id === campaign.id}
            aria-label={t(campaign.status === 'active' ? 'admin.pauseNamed' : 'admin.resumeNamed', {
              name: campaign.name,
            })}
            confirm={campaign.status === 'active' ? 'choice' : undefined}
            onClick={() => run(campaign, campaign.status === 'active' ? 'paused' : 'active')}
          >
            {t(campaign.status === 'active' ? 'actions.pause' : 'actions.resume')}
          </Button>
        ) : null,
    });
  const headingId = `advertiser-campaigns-${advertiserId}`;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardHeading}>
        {t('admin.heading')}
      </h2>
      <p className={styles.cardLead}>{t('admin.lead')}</p>
      <div className={listStyles.toolbar}>
        <SearchBox
          value={search}
          label={t('list.search')}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
      </div>
      <DataTable
        compact
        caption={t('admin.heading')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(campaign) => campaign.id}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => list.refetch()}
        sort={sort.field}
        order={sort.order}
        onSort={(field) => {
          setSort({ field, order: sort.field === field && sort.order === 'asc' ? 'desc' : 'asc' });
          setPage(1);
        }}
        empty={
          search
            ? { title: t('empty.filteredTitle'), body: t('empty.filteredBody') }
            : { title: t('admin.emptyTitle') }
        }
      />
      <Pagination meta={list.data?.meta} onPage={setPage} />
    </section>
  );
}
