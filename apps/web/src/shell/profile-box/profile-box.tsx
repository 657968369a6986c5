import type { AccountKind } from '@rtb/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useProfile } from '../../auth/profile-context';
import { logout } from '../../auth/session';
import { Icon } from '../icons/icon';
import {
  displayedProfile,
  isServiceUser,
  logoutDestination,
  meRoute,
  profileRole,
  shortName,
} from '../profile-info';
import { useTourSnapshot, useTourStore } from '../tour/tour-context';
import { useDismiss } from '../use-dismiss';
import { Avatar } from './avatar';
import styles from './profile-box.module.css';

/**
 * The signed-in user at the top right (spec section 2, 'Profile box'): avatar, short name and
 * role label; a click, Enter or Space opens a dropdown with User Settings and Logout. `kind` is
 * the panel (box) it sits in.
 */
export function ProfileBox({ kind, compact = false }: { kind: AccountKind; compact?: boolean }) {
  const { t } = useTranslation('shell');
  const { profile, setProfile } = useProfile();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useDismiss(open, [rootRef], (via) => {
    setOpen(false);
    if (via === 'escape') triggerRef.current?.focus();
  });

  const person = profile ? displayedProfile(profile) : null;
  const role = profile ? profileRole(profile) : null;
  const name = shortName(person);
  const showSettings = !!profile && !isServiceUser(kind, profile);
  const tour = useTourStore();
  const hasGuide = useTourSnapshot().steps.length > 0;

  const onLogout = async () => {
    if (busy) return;
    const destination = logoutDestination(kind, profile?.role);
    setBusy(true);
    try {
      await logout(kind); // clears the session even when the call fails
    } catch (error) {
      console.warn('logout failed', error); // errors are only logged
    }
    setBusy(false);
    setOpen(false);
    // The destination's guard finds no session and shows its login page. The profile is cleared
    // once the navigation is done, so the current panel's guard cannot redirect elsewhere first
    // while a lazily loaded panel is still loading.
    await navigate(destination, { replace: true });
    setProfile(null);
  };

  return (
    <div ref={rootRef} className={styles.box} data-compact={compact || undefined}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={compact ? t('profile.menuLabel', { name }) : undefined}
        onClick={() => {
          // It opens only when a profile exists.
          if (profile) setOpen((value) => !value);
        }}
      >
        <Avatar initials={person?.avatarInitials ?? ''} color={person?.avatarColor ?? ''} />
        {!compact && (
          <span className={styles.who}>
            <span className={styles.name}>{name}</span>
            {role && <span className={styles.role}>{t(`profile.roles.${role}`)}</span>}
          </span>
        )}
        <Icon name="chevronDown" size={16} className={styles.chevron} data-open={open || undefined} />
      </button>
      {open && profile && (
        <div id={menuId} className={styles.dropdown}>
          <div className={styles.summary}>
            <Avatar initials={person?.avatarInitials ?? ''} color={person?.avatarColor ?? ''} size="large" />
            <div className={styles.summaryText}>
              <span className={styles.name}>{name}</span>
              {person?.email && <span className={styles.email}>{person.email}</span>}
              {role && <span className={styles.role}>{t(`profile.roles.${role}`)}</span>}
            </div>
          </div>
          <ul className={styles.items}>
            {showSettings && (
              <li>
                <Link to={meRoute(kind)} className={styles.item} onClick={() => setOpen(false)}>
                  <Icon name="settings" size={18} />
                  {t('profile.userSettings')}
                </Link>
              </li>
            )}
            {tour && hasGuide && (
              <li>
                <button
                  type="button"
                  className={styles.item}
                  onClick={() => {
                    setOpen(false);
                    tour.reset();
                  }}
                >
                  <Icon name="compass" size={18} />
                  {t('tour:restart')}
                </button>
              </li>
            )}
            <li>
              <button
                type="button"
                className={styles.item}
                onClick={onLogout}
                disabled={busy}
                aria-busy={busy || undefined}
              >
                <Icon name="logout" size={18} />
                {t('profile.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
