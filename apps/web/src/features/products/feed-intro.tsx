import { useTranslation } from 'react-i18next';
import styles from './products.module.css';

/** What a product feed is and which formats are read: the tab's first-time state. */
export function FeedIntro({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('products');
  return (
    <section className={styles.intro} aria-labelledby="feed-intro-heading">
      <h2 id="feed-intro-heading" className={styles.cardHeading}>
        {canWrite ? t('intro.title') : t('intro.noFeedTitle')}
      </h2>
      <p>{t('intro.body')}</p>
      <p>
        <strong>{t('intro.formats')}</strong>
      </p>
      <ul className={styles.formats} aria-label={t('intro.formats')}>
        <li>{t('intro.xml')}</li>
        <li>{t('intro.csv')}</li>
        <li>{t('intro.tsv')}</li>
      </ul>
      <p className={styles.muted}>{t('intro.attributes')}</p>
      {!canWrite && <p className={styles.muted}>{t('intro.noFeedBody')}</p>}
    </section>
  );
}
