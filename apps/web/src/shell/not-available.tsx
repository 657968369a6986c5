import { useTranslation } from 'react-i18next';
import styles from './not-available.module.css';
import { usePageTitle } from './page-title';

/**
 * A page the user cannot use, titled as the page: one a later release builds ('comingSoon'), or
 * one the user may not open ('noAccess'; the API refuses it anyway).
 */
export function NotAvailable({
  title,
  reason = 'comingSoon',
  message,
}: {
  title: string;
  reason?: 'comingSoon' | 'noAccess';
  /** Why, when there is more to say than the reason's own text. */
  message?: string;
}) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <section className={styles.box} aria-labelledby="not-available-title">
      <h1 id="not-available-title">{title}</h1>
      <p className={styles.badge}>{t(`${reason}.title`)}</p>
      <p>{message ?? t(`${reason}.body`)}</p>
    </section>
  );
}
