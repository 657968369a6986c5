import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleSwitcher } from '../shell/locale/locale-switcher';
import { Logo } from '../shell/logo';
import { PoweredBy } from '../shell/powered-by';
import styles from './account-layout.module.css';

/**
 * Two columns: the logo at 43 %, the form with its sub-links and the powered-by footer at 57 %;
 * one column below the tablet width (spec section 2). The logo goes to the public home.
 */
export function AccountLayout({ children, links }: { children: ReactNode; links?: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.layout}>
      <aside className={styles.brand}>
        <Logo to="/" size="large" />
        <p className={styles.tagline}>{t('tagline')}</p>
        <LocaleSwitcher tone="dark" className={styles.locale} />
      </aside>
      <main className={styles.main}>
        <div className={styles.card}>{children}</div>
        {links && <nav className={styles.links}>{links}</nav>}
        <footer className={styles.footer}>
          <PoweredBy />
        </footer>
      </main>
    </div>
  );
}
