import { Navigate } from 'react-router';
import { useProfile } from '../auth/profile-context';
import { visibleNavItems } from './nav/panel-nav';
import type { NavItem } from './nav-items';

/** A panel's root: the first page of its navigation the user's role may open (else their settings). */
export function PanelHome({ nav }: { nav: NavItem[] }) {
  const { profile } = useProfile();
  return <Navigate to={visibleNavItems(nav, profile)[0]?.to ?? 'me'} replace />;
}
