import type { AdvertiserDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { failureListText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import {
  Amount,
  advertiserPath,
  agencyAdvertisersPath,
  newAdvertiserPath,
  organisationStyles as styles,
  useAdvertisers,
  VerificationBadge,
} from '../organisations';

const SHOWN = 10;

/** The agency's advertisers, a few at a time, each linking to its page. */
export function AgencyAdvertisers({ agencyId, canAdd }: { agencyId: number; canAdd: boolean }) {
  const { t } = useTranslation('agencies');
  const list = useAdvertisers('admin', { agencyId, perPage: SHOWN, sort: 'name' });
  const total = list.data?.meta.total ?? 0;
  const columns: Column<AdvertiserDto>[] = [
    {
      key: 'name',
      header: t('advertisers.columns.name'),
      cell: (advertiser) => (
        <Link className={styles.link} to={advertiserPath('admin', advertiser.id)}>
          {advertiser.name}
          <span className={styles.sub}>{advertiser.code}</span>
        </Link>
      ),
    },
    {
      key: 'status',
      header: t('advertisers.columns.status'),
      cell: (advertiser) => <VerificationBadge status={advertiser.statusVerification} />,
    },
    {
      key: 'balance',
      header: t('advertisers.columns.balance'),
      align: 'end',
      cell: (advertiser) => <Amount value={advertiser.balance} currency={advertiser.currency} />,
    },
  ];
  const add = canAdd ? (
    <Link className={styles.link} to={newAdvertiserPath(agencyId)}>
      {t('advertisers.add')}
    </Link>
  ) : undefined;
  return (
    <section className={styles.card} aria-labelledby="agency-advertisers-heading">
      <h2 id="agency-advertisers-heading" className={styles.cardHeading}>
        {t('advertisers.heading')}
      </h2>
      <DataTable
        caption={t('advertisers.caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(advertiser) => advertiser.id}
        loading={list.isFetching}
        error={
          list.error
            ? isApiError(list.error)
              ? failureListText(t, list.error)
              : t('advertisers.loadError')
            : null
        }
        onRetry={() => list.refetch()}
        empty={{ title: t('advertisers.emptyTitle'), body: t('advertisers.emptyBody'), action: add }}
      />
      {total > 0 && (
        <p className={styles.listFooter}>
          <Link className={styles.link} to={agencyAdvertisersPath(agencyId)}>
            {t('advertisers.seeAll', { count: total })}
          </Link>
          {add}
        </p>
      )}
    </section>
  );
}
