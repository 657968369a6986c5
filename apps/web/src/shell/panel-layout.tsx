import type { AccountKind } from '@rtb/shared';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PanelGuard } from '../auth/guard';
import { panelPrefix } from '../auth/kinds';
import { useProfile } from '../auth/profile-context';
import { BottomBar } from './bottom-bar';
import { Icon } from './icons/icon';
import { Loading } from './loading';
import { LocaleSwitcher } from './locale/locale-switcher';
import { Logo } from './logo';
import { MobileMenu } from './nav/mobile-menu';
import { PanelNav, visibleNavItems } from './nav/panel-nav';
import type { NavItem } from './nav-items';
import type { PanelGate } from './panel-gate';
import styles from './panel-layout.module.css';
import { PoweredBy } from './powered-by';
import { ProfileBox } from './profile-box/profile-box';
import { useClearanceBelow } from './side-panel/header-clearance';
import { SubAccountBar } from './sub-account/sub-account-bar';
import { AGENCY_TOAST_AUTO_CLOSE_MS, TOAST_AUTO_CLOSE_MS, useToastAutoClose } from './toast/toaster';
import { Onboarding } from './tour/onboarding';
import type { PanelTour } from './tour/panel-tour';
import { TourProvider, useTourRevealer, useTourSnapshot } from './tour/tour-context';
import { isSidebarTarget } from './tour/tour-step';
import type { TourRevealer } from './tour/tour-store';
import { useIsTabletL } from './use-media-query';

interface PanelProps {
  kind: AccountKind;
  nav: NavItem[];
  /** The panel's guided tour, on all of its pages. */
  tour?: PanelTour;
  /** Shown in the side bar under the logo (and at the top of the slide-in menu). */
  sidebar?: ReactNode;
  /** Shown above every page of the panel (the admin panel's demo traffic warning). */
  banner?: ReactNode;
  /** What an agency or advertiser user must do first (the regulations). */
  gate?: PanelGate;
}

/** The frame of a panel: navigation on the left, the page on the right, behind the guard. */
export function PanelLayout({ kind, nav, tour, sidebar, banner, gate }: PanelProps) {
  return (
    <PanelGuard kind={kind} loading={<Loading />}>
      <TourProvider>
        <PanelFrame kind={kind} nav={nav} sidebar={sidebar} banner={banner} />
        {kind !== 'admin' && gate && <gate.Gate kind={kind} />}
        {kind !== 'admin' && <Onboarding kind={kind} nav={nav} tour={tour} gate={gate} />}
      </TourProvider>
    </PanelGuard>
  );
}

/**
 * Desktop: the 14rem side navigation, the profile box at the top right of the content. Below
 * 1024px: a 5rem top bar with the menu toggle and the profile box, a slide-in menu, and the
 * sticky bottom bar (spec section 2).
 */
export function PanelFrame({ kind, nav, sidebar, banner }: Omit<PanelProps, 'tour' | 'gate'>) {
  const { t } = useTranslation('shell');
  const { profile } = useProfile();
  const compact = useIsTabletL();
  const prefix = panelPrefix[kind];
  const items = visibleNavItems(nav, profile);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // Toasts start below the bar with the profile box.
  const topBarRef = useClearanceBelow();
  const { pathname } = useLocation();
  useToastAutoClose(kind === 'agency' ? AGENCY_TOAST_AUTO_CLOSE_MS : TOAST_AUTO_CLOSE_MS);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // A new page, or a screen grown to desktop, closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a path change on purpose
  useEffect(() => setMenuOpen(false), [pathname, compact]);
  useMenuForTour(compact, setMenuOpen);

  const footer = (
    <div className={styles.navFooter}>
      <LocaleSwitcher />
      <PoweredBy />
    </div>
  );

  return (
    <div className={styles.frame} data-kind={kind}>
      <a className={styles.skip} href="#panel-content">
        {t('skipToContent')}
      </a>
      {compact ? (
        <header ref={topBarRef} className={styles.topbar}>
          <button
            ref={toggleRef}
            type="button"
            className={styles.menuToggle}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={t(menuOpen ? 'menu.close' : 'menu.open')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} size={24} />
          </button>
          <Logo to={prefix} />
          <div className={styles.topbarEnd}>
            <ProfileBox kind={kind} compact />
          </div>
        </header>
      ) : (
        <aside className={styles.sidebar}>
          <div className={styles.sidebarLogo}>
            <Logo to={prefix} />
          </div>
          {sidebar}
          <PanelNav prefix={prefix} items={items} />
          {footer}
        </aside>
      )}
      {compact && (
        <MobileMenu id={menuId} open={menuOpen} onClose={closeMenu} returnFocus={toggleRef}>
          {sidebar}
          <PanelNav prefix={prefix} items={items} onNavigate={closeMenu} />
          {footer}
        </MobileMenu>
      )}
      {/* While the menu is open the page behind it is out of reach (focus stays in the menu). */}
      <div className={styles.main} inert={compact && menuOpen}>
        <SubAccountBar />
        {banner}
        {!compact && (
          <div ref={topBarRef} className={styles.contentHeader}>
            <ProfileBox kind={kind} />
          </div>
        )}
        <main id="panel-content" className={styles.content} tabIndex={-1}>
          <div className="container">
            <Outlet />
          </div>
        </main>
        {compact && <BottomBar kind={kind} />}
      </div>
    </div>
  );
}

/**
 * Below 1024px the side bar (the navigation entries and what is above them) is the slide-in
 * menu: the tour opens it to show them (rather than skipping them), and closes it again when the
 * tour is over.
 */
function useMenuForTour(compact: boolean, setMenuOpen: (open: boolean) => void) {
  const openedForTour = useRef(false);
  const { run } = useTourSnapshot();
  const revealer: TourRevealer = useMemo(
    () => ({
      canReveal: (target) => compact && isSidebarTarget(target),
      reveal: () => {
        openedForTour.current = true;
        setMenuOpen(true);
      },
    }),
    [compact, setMenuOpen],
  );
  useTourRevealer(revealer);
  useEffect(() => {
    if (run || !openedForTour.current) return;
    openedForTour.current = false;
    setMenuOpen(false);
  }, [run, setMenuOpen]);
}
