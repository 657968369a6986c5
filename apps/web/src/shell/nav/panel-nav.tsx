import type { MeDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { can } from '../../auth/can';
import { Icon } from '../icons/icon';
import type { NavItem } from '../nav-items';
import { tourIds } from '../tour/tour-step';
import styles from './panel-nav.module.css';

/**
 * The entries a profile sees: Activity Logs only when the profile's localRole is admin, and no
 * page the role may not read.
 */
export function visibleNavItems(nav: NavItem[], profile: MeDto | null): NavItem[] {
  return nav.filter(
    (item) =>
      (!item.localAdminOnly || profile?.localRole === 'admin') &&
      (!item.resource || can(profile, item.resource, 'read')),
  );
}

/** A panel's navigation list, in the order of nav-items.ts. */
export function PanelNav({
  prefix,
  items,
  id,
  onNavigate,
}: {
  prefix: string;
  items: NavItem[];
  id?: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <nav id={id} aria-label={t('nav.label')} className={styles.navigation}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.to} className={item.separated ? styles.separated : undefined}>
            <NavLink
              to={`${prefix}/${item.to}`}
              className={({ isActive }) => [styles.link, isActive ? styles.active : ''].join(' ')}
              onClick={onNavigate}
              data-tour={tourIds.nav(item.label)}
            >
              <Icon name={item.icon} size={20} className={styles.icon} />
              <span>{t(`nav.${item.label}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
