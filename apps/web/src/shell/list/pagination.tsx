import type { PageMeta } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { Button } from '../button/button';
import styles from './list.module.css';

/** Previous / next with 'first–last of total'. */
export function Pagination({ meta, onPage }: { meta: PageMeta | undefined; onPage: (page: number) => void }) {
  const { t } = useTranslation('shell');
  if (!meta || meta.total === 0) return null;
  const first = (meta.page - 1) * meta.perPage + 1;
  const last = Math.min(meta.page * meta.perPage, meta.total);
  return (
    <nav className={styles.pagination} aria-label={t('list.pagination')}>
      <span className={styles.range}>
        {t('list.range', {
          first: formatNumber(first),
          last: formatNumber(last),
          total: formatNumber(meta.total),
        })}
      </span>
      <Button
        size="small"
        variant="outline"
        color="white"
        disabled={meta.page <= 1}
        onClick={() => onPage(meta.page - 1)}
      >
        {t('list.previous')}
      </Button>
      <span className={styles.pageOf}>
        {t('list.pageOf', { page: formatNumber(meta.page), lastPage: formatNumber(meta.lastPage) })}
      </span>
      <Button
        size="small"
        variant="outline"
        color="white"
        disabled={meta.page >= meta.lastPage}
        onClick={() => onPage(meta.page + 1)}
      >
        {t('list.next')}
      </Button>
    </nav>
  );
}
