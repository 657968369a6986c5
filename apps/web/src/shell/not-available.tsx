import { useTranslation } from 'react-i18next';
import styles from './not-available.module.css';
import { usePageTitle } from './page-title';

/**
 * A page the user cannot use, titled as the page: one a later release builds ('comingSoon'), or
 * one the user's role may not open ('noAccess'; the API refuses it anyway).
 */
export function NotAvailable({
  title,
  reason = 'comingSoon',
}: {
  title: string;
  reason?: 'comingSoon' | 'noAccess';
}) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <section className={styles.box} aria-labelledby="not-available-title">
      <h1 id="not-available-title">{title}</h1>
      <p className={styles.badge}>{t(`${reason}.title`)}</p>
      <p>{t(`${reason}.body`)}</p>
    </section>
  );
}
