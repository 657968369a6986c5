import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './not-available.module.css';
import { usePageTitle } from './page-title';

/** A path nothing answers to, outside the panels. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFound'));
  return (
    <main className="container" style={{ padding: '4rem 0', textAlign: 'center' }}>
      <h1>{t('errors.notFound')}</h1>
      <p>{t('errors.pageNotFound')}</p>
      <Link to="/">{t('account:backToHome')}</Link>
    </main>
  );
}

/**
 * A panel path nothing answers to (e.g. /panel/admin/nope): said within the panel's layout, with
 * its navigation, and a way to the panel's first page. Anonymous users meet the login first.
 */
export function PanelNotFoundPage({ home }: { home: string }) {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFound'));
  return (
    <section className={styles.box} aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('errors.notFound')}</h1>
      <p>{t('errors.pageNotFound')}</p>
      <p>
        <Link to={home}>{t('errors.toPanelHome')}</Link>
      </p>
    </section>
  );
}
