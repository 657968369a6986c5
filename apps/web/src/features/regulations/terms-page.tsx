import { regulationTypes } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { Loading } from '../../shell/loading';
import { LocaleSwitcher } from '../../shell/locale/locale-switcher';
import { Logo } from '../../shell/logo';
import { usePageTitle } from '../../shell/page-title';
import { RegulationContent } from './regulation-content';
import styles from './regulations.module.css';
import { isRegulationType, termsPath, useCurrentRegulation } from './regulations-api';

/**
 * The current version of a document (/terms-of-service/:type) in the interface language, else
 * in English; anyone may read it.
 */
export function TermsPage() {
  const { t, i18n } = useTranslation('regulations');
  const { type: requested } = useParams();
  const type = isRegulationType(requested) ? requested : null;
  const current = useCurrentRegulation(type, i18n.language);
  const title = current.data?.title ?? (type ? t(`types.${type}`) : t('public.notFoundTitle'));
  usePageTitle(title);

  return (
    <div className={styles.publicPage}>
      <header className={`container ${styles.publicHeader}`}>
        <Logo to="/" />
        <nav className={styles.publicNav} aria-label={t('public.navLabel')}>
          {regulationTypes.map((other) => (
            <Link key={other} to={termsPath(other)} aria-current={other === type ? 'page' : undefined}>
              {t(`types.${other}`)}
            </Link>
          ))}
          <LocaleSwitcher />
        </nav>
      </header>
      <main className={`container ${styles.document}`}>
        {type === null || current.data === null ? (
          <section className={styles.state} aria-labelledby="terms-not-found">
            <h1 id="terms-not-found" className={styles.stateTitle}>
              {t('public.notFoundTitle')}
            </h1>
            <p>{t('public.notFoundBody')}</p>
            <Link to="/">{t('account:backToHome')}</Link>
          </section>
        ) : current.error ? (
          <section className={styles.state} role="alert">
            <p className={styles.stateTitle}>{t('public.loadError')}</p>
            <Button variant="outline" onClick={() => void current.refetch()}>
              {t('common:retry')}
            </Button>
          </section>
        ) : !current.data ? (
          <Loading />
        ) : (
          <article lang={current.data.locale}>
            <h1 className={styles.documentTitle}>{current.data.title}</h1>
            <p className={styles.documentMeta}>
              {t('public.meta', {
                version: current.data.version,
                date: formatDateTime(current.data.updatedAt, 'date'),
              })}
            </p>
            <RegulationContent content={current.data.content} />
          </article>
        )}
      </main>
    </div>
  );
}
