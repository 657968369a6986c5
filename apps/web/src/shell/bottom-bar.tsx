import type { AccountKind } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useProfile } from '../auth/profile-context';
import styles from './bottom-bar.module.css';
import { Icon } from './icons/icon';
import { isServiceUser, organisationLink } from './profile-info';

/**
 * The sticky bar of small screens (spec section 2): the advertiser's name linking to the
 * advertiser's own page, the agency's to the agency profile (the admin's own name to the admin
 * me page). Service users get the name without the link.
 */
export function BottomBar({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation('shell');
  const { profile } = useProfile();
  const target = organisationLink(kind, profile);
  if (!target) return null;
  const icon = kind === 'agency' ? 'building' : kind === 'advertiser' ? 'store' : 'user';
  return (
    <div className={styles.bar}>
      {isServiceUser(kind, profile) ? (
        <span className={styles.link} aria-disabled="true" data-disabled="">
          <Icon name={icon} size={18} />
          <span className={styles.name}>{target.name}</span>
        </span>
      ) : (
        <NavLink
          to={target.to}
          className={({ isActive }) => [styles.link, isActive ? styles.active : ''].join(' ')}
          title={t('bottomBar.open', { name: target.name })}
        >
          <Icon name={icon} size={18} />
          <span className={styles.name}>{target.name}</span>
        </NavLink>
      )}
    </div>
  );
}
