import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { loadAnyProfile } from '../../auth/session';
import { cookies } from '../../lib/storage';
import { Loading } from '../../shell/loading';
import { LocaleSwitcher } from '../../shell/locale/locale-switcher';
import { Logo } from '../../shell/logo';
import { usePageTitle } from '../../shell/page-title';
import styles from './home-page.module.css';

/** Where a signed-in user goes from `/` (spec section 2): admins to the general panel prefix. */
function prefixForRole(role: string): string {
  if (role === 'advertiser') return '/panel/advertiser';
  if (role === 'agency') return '/panel/agency';
  return '/panel';
}

/** The public home: what the product is, and the ways in. */
export function HomePage() {
  const { t } = useTranslation('home');
  usePageTitle(t('title'));
  const [target, setTarget] = useState<string | null | undefined>(
    cookies.get('authToken') ? undefined : null,
  );

  useEffect(() => {
    if (target !== undefined) return;
    loadAnyProfile()
      .then((me) => setTarget(prefixForRole(me.role)))
      .catch(() => setTarget(null));
  }, [target]);

  if (target === undefined) return <Loading />;
  if (target) return <Navigate to={target} replace />;

  return (
    <div className={styles.page}>
      <header className={`container ${styles.header}`}>
        <Logo to="/" />
        <div className={styles.headerEnd}>
          <nav className={styles.headerLinks} aria-label={t('signIn')}>
            <Link to="/account/advertiser/login">{t('advertiserLogin')}</Link>
            <Link to="/account/agency/login">{t('agencyLogin')}</Link>
          </nav>
          <LocaleSwitcher />
        </div>
      </header>
      <main>
        <section className={styles.hero}>
          <div className="container">
            <h1>{t('headline')}</h1>
            <p className={styles.lead}>{t('lead')}</p>
            <div className={styles.actions}>
              <Link className={styles.primary} to="/account/advertiser/register">
                {t('registerAdvertiser')}
              </Link>
              <Link className={styles.secondary} to="/account/agency/register">
                {t('registerAgency')}
              </Link>
            </div>
          </div>
        </section>
        <section className={`container ${styles.features}`} aria-label={t('featuresLabel')}>
          {(['shop', 'campaigns', 'agencies'] as const).map((key) => (
            <article key={key} className={styles.feature}>
              <h2>{t(`features.${key}.title`)}</h2>
              <p>{t(`features.${key}.body`)}</p>
            </article>
          ))}
        </section>
      </main>
      <footer className={`container ${styles.footer}`}>
        <Link to="/account/admin/login">{t('adminLogin')}</Link>
        <Link to="/terms-of-service/terms-of-service">{t('terms')}</Link>
      </footer>
    </div>
  );
}
