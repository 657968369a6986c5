import type { AccountKind } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { PanelGuard } from '../auth/guard';
import { panelPrefix } from '../auth/kinds';
import { useProfile } from '../auth/profile-context';
import { Loading } from './loading';
import { Logo } from './logo';
import type { NavItem } from './nav-items';
import styles from './panel-layout.module.css';

/** The frame of a panel: navigation on the left, the page on the right, behind the guard. */
export function PanelLayout({ kind, nav }: { kind: AccountKind; nav: NavItem[] }) {
  return (
    <PanelGuard kind={kind} loading={<Loading />}>
      <PanelFrame kind={kind} nav={nav} />
    </PanelGuard>
  );
}

function PanelFrame({ kind, nav }: { kind: AccountKind; nav: NavItem[] }) {
  const { t } = useTranslation('shell');
  const { profile } = useProfile();
  const prefix = panelPrefix[kind];
  const items = nav.filter((item) => !item.localAdminOnly || profile?.localRole === 'admin');
  return (
    <div className={styles.frame}>
      <aside className={styles.sidebar}>
        <Logo to={prefix} />
        <nav aria-label={t('nav.label')}>
          <ul className={styles.nav}>
            {items.map((item) => (
              <li key={item.to} className={item.separated ? styles.separated : undefined}>
                <NavLink
                  to={`${prefix}/${item.to}`}
                  className={({ isActive }) => (isActive ? styles.active : undefined)}
                >
                  {t(`nav.${item.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <main className={styles.content}>
        <div className="container">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
