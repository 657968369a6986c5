import { useTranslation } from 'react-i18next';
import styles from './not-available.module.css';
import { usePageTitle } from './page-title';

/** What a page that a later release builds shows until then. */
export function NotAvailable({ title }: { title: string }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <section className={styles.box} aria-labelledby="not-available-title">
      <h1 id="not-available-title">{title}</h1>
      <p className={styles.badge}>{t('notAvailable.title')}</p>
      <p>{t('notAvailable.body')}</p>
    </section>
  );
}
