import type { NavItem } from '../nav-items';
import { type TourStep, tourIds, tourTarget } from './tour-step';

/**
 * A step of a panel's tour: on an element of its own, or on one of the navigation entries. A
 * step tied to an entry (`nav`, or `onlyWith` for an element of that area) is left out for a
 * user who does not see the entry.
 */
export type PanelTourStep = Omit<TourStep, 'target'> &
  ({ target: string; onlyWith?: string } | { nav: string });

/** A panel's guided tour, registered by the panel's routes for all of its pages. */
export interface PanelTour {
  steps: PanelTourStep[];
  /** The page (relative to the panel prefix) that starts the tour by itself when it opens. */
  autoStartPath?: string;
}

/** The step on a navigation entry, with its texts under `tour:<panel>.<entry>`. */
export const navTourStep = (panel: string, nav: string): PanelTourStep => ({
  key: `${panel}.${nav}`,
  nav,
  title: `tour:${panel}.${nav}.title`,
  content: `tour:${panel}.${nav}.content`,
});

/** The tour's steps for a user: nothing about a navigation entry the user does not see. */
export function panelTourSteps(tour: PanelTour, visibleItems: NavItem[]): TourStep[] {
  const sees = (label: string) => visibleItems.some((item) => item.label === label);
  return tour.steps.flatMap((step): TourStep[] => {
    if ('nav' in step) {
      const { nav, ...rest } = step;
      return sees(nav) ? [{ ...rest, target: tourTarget(tourIds.nav(nav)) }] : [];
    }
    const { onlyWith, ...rest } = step;
    return onlyWith === undefined || sees(onlyWith) ? [rest] : [];
  });
}
