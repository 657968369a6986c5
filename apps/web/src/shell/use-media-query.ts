import { MOBILE_BREAKPOINT_PX } from '@rtb/shared';
import { useCallback, useSyncExternalStore } from 'react';

/** Below 1024px ('tabletL') the panels use the top bar, the slide-in menu and the bottom bar. */
export const TABLET_L_PX = 1024;
export const tabletQuery = `(max-width: ${TABLET_L_PX - 0.02}px)`;
/** Below 768px a side panel is forced to large at the bottom (spec section 2). */
export const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** Whether a media query matches now; follows changes (resizes, rotations). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => canMatch() && window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsTabletL = () => useMediaQuery(tabletQuery);
export const useIsMobile = () => useMediaQuery(mobileQuery);
