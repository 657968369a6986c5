import { contract } from '@rtb/shared/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import styles from './activity-logs.module.css';
import { changeSummary, diffRows } from './diff';
import { actorText, changeText } from './entry-texts';

const PAGE_SIZE = 10;

/**
 * A campaign's changes on its page, newest first: when, who (and who acted as them), the change
 * in words ('Campaign "Spring sale" updated') and, for an update, each changed field's before and
 * after ('Daily budget: 50.00 zł → 80.00 zł').
 */
export function CampaignHistory({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation('activity-logs');
  const query = useInfiniteQuery({
    queryKey: ['campaign-history', campaignId],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(contract.campaigns.history, {
          path: { id: campaignId },
          query: { perPage: PAGE_SIZE, cursor: pageParam ?? undefined },
          signal,
        })
      ).data.activityLogs,
    getNextPageParam: (last) => last.meta.nextCursor,
  });
  const entries = query.data?.pages.flatMap((page) => page.elements) ?? [];

  return (
    <section className={styles.history} aria-labelledby="campaign-history-heading">
      <h2 id="campaign-history-heading" className={styles.historyHeading}>
        {t('history.heading')}
      </h2>
      {query.isPending && <p>{t('common:loading')}</p>}
      {query.isError && (
        <p role="alert">
          {failureText(t, query.error)}{' '}
          <Button size="small" variant="outline" color="white" onClick={() => query.refetch()}>
            {t('common:retry')}
          </Button>
        </p>
      )}
      {query.isSuccess && entries.length === 0 && <p>{t('history.empty')}</p>}
      {entries.length > 0 && (
        <ol className={styles.historyList}>
          {entries.map((entry) => {
            const summary =
              entry.event === 'updated'
                ? changeSummary(t, diffRows(entry.changes.before, entry.changes.after), entry.currency)
                : [];
            return (
              <li key={entry.id} className={styles.historyItem}>
                <p className={styles.historyMeta}>
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> ·{' '}
                  {actorText(t, entry)}
                </p>
                <p className={styles.historyChange}>{changeText(t, entry)}</p>
                {summary.length > 0 && (
                  <ul className={styles.historyFields}>
                    {summary.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {query.hasNextPage && (
        <Button
          variant="outline"
          color="white"
          loading={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {t('loadMore')}
        </Button>
      )}
    </section>
  );
}
