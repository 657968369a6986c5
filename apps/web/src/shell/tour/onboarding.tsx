import { useEffect, useMemo, useState } from 'react';
import { useMatch } from 'react-router';
import { panelPrefix } from '../../auth/kinds';
import { useProfile } from '../../auth/profile-context';
import { visibleNavItems } from '../nav/panel-nav';
import type { NavItem } from '../nav-items';
import type { PanelGate } from '../panel-gate';
import { isServiceUser } from '../profile-info';
import { type PanelTour, panelTourSteps } from './panel-tour';
import { popupDueNow, rememberPopupShown } from './popup-timing';
import { useTourSteps, useTourStore } from './tour-context';
import { type WelcomeKind, WelcomePopup } from './welcome-popup';

const nothingPending = () => false;

/**
 * What a panel shows a user on arrival, one thing at a time: the regulations first, then the
 * welcome popup (every 60 days), then the panel's tour where it starts by itself. Users of type
 * service get none of it (spec section 6); a "log in as" session gets nothing by itself, but
 * the guide can still be restarted from the profile box.
 */
export function Onboarding({
  kind,
  nav,
  tour,
  gate,
}: {
  kind: WelcomeKind;
  nav: NavItem[];
  tour?: PanelTour;
  gate?: PanelGate;
}) {
  const { profile } = useProfile();
  const store = useTourStore();
  const usePending = gate?.usePending ?? nothingPending;
  const gatePending = usePending(kind);
  const onAutoStartPage = useMatch(`${panelPrefix[kind]}/${tour?.autoStartPath ?? ''}`) !== null;
  const eligible = !!profile && !isServiceUser(kind, profile);

  const steps = useMemo(
    () => (eligible && tour ? panelTourSteps(tour, visibleNavItems(nav, profile)) : []),
    [eligible, tour, nav, profile],
  );
  useTourSteps(steps, { autoStart: !!tour?.autoStartPath && onAutoStartPage });

  const automatic = eligible && !profile.hasSourceUser && !gatePending && steps.length > 0;
  const [popupDue, setPopupDue] = useState(popupDueNow);
  const showPopup = automatic && popupDue;

  // The popup comes first; the tour may start by itself once it is out of the way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the registration (page) changes
  useEffect(() => {
    if (automatic && !showPopup) store?.startAutomatically();
  }, [automatic, showPopup, store, steps, onAutoStartPage]);

  if (!showPopup) return null;
  const closePopup = () => {
    rememberPopupShown();
    setPopupDue(false);
  };
  return (
    <WelcomePopup
      kind={kind}
      onStart={() => {
        closePopup();
        store?.start();
      }}
      onDismiss={() => {
        store?.decline();
        closePopup();
      }}
    />
  );
}
