import { useTranslation } from 'react-i18next';
import styles from './not-available.module.css';
import { usePageTitle } from './page-title';

/** A page the user may not open, titled as the page (the API refuses it anyway). */
export function NotAvailable({
  title,
  message,
}: {
  title: string;
  /** Why, when there is more to say than the general text. */
  message?: string;
}) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <section className={styles.box} aria-labelledby="not-available-title">
      <h1 id="not-available-title">{title}</h1>
      <p className={styles.badge}>{t('noAccess.title')}</p>
      <p>{message ?? t('noAccess.body')}</p>
    </section>
  );
}
