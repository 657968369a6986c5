import { useSyncExternalStore } from 'react';

type Listener = () => void;

/**
 * How far down (px from the top of the viewport) the open side panels' headers reach, so that
 * toasts (top-right, spec section 8) start below them and never cover a panel's close button.
 * 0 while no side panel is open.
 */
export function createHeaderClearance() {
  const bottoms = new Map<symbol, number>();
  const listeners = new Set<Listener>();
  let current = 0;
  const update = () => {
    const next = Math.max(0, ...bottoms.values());
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener();
  };
  return {
    /** A panel's header reaches `bottom` px down. */
    set(panel: symbol, bottom: number) {
      bottoms.set(panel, bottom);
      update();
    },
    remove(panel: symbol) {
      bottoms.delete(panel);
      update();
    },
    get: () => current,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type HeaderClearance = ReturnType<typeof createHeaderClearance>;

/** The page's one. */
export const headerClearance = createHeaderClearance();

export function useHeaderClearance(clearance: HeaderClearance = headerClearance): number {
  return useSyncExternalStore(clearance.subscribe, clearance.get, () => 0);
}
