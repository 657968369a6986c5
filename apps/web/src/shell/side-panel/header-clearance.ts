import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

type Listener = () => void;

/**
 * How far down (px from the top of the viewport) the panel's top bar (with the profile box) and
 * the open side panels' headers reach, so that toasts (top-right, spec section 8) start below
 * them and never cover the profile box or a panel's close button. 0 while none is shown.
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

/**
 * A ref callback for the panel's top bar: while it is mounted, toasts start below it (how far down
 * it reaches at the top of the page, measured again when it or the window is resized).
 */
export function useClearanceBelow(clearance: HeaderClearance = headerClearance) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const key = Symbol('top bar');
    const measure = () =>
      clearance.set(key, Math.max(0, element.getBoundingClientRect().bottom + window.scrollY));
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      clearance.remove(key);
    };
  }, [element, clearance]);
  return setElement;
}
