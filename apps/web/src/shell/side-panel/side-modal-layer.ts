import { SIDE_MODAL_STALE_CHECK_MS } from '@rtb/shared';
import { useSyncExternalStore } from 'react';

/** The attribute every side-modal element in the page carries (the stale check looks for it). */
export const SIDE_MODAL_ATTRIBUTE = 'data-side-modal';

type Listener = () => void;

/**
 * The side-modal layer (spec section 4): an open counter; the layer is open while the counter is
 * above zero and closes when it reaches zero. While open, a check every 3000 ms closes it when
 * no side-modal element exists in the page any more. While open the page behind does not scroll.
 */
export function createSideModalLayer(staleCheckMs = SIDE_MODAL_STALE_CHECK_MS) {
  let count = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let savedOverflow: string | null = null;
  const listeners = new Set<Listener>();

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const start = () => {
    if (typeof document !== 'undefined') {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    timer = setInterval(() => {
      if (!document.querySelector(`[${SIDE_MODAL_ATTRIBUTE}]`)) layer.reset();
    }, staleCheckMs);
  };

  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
    if (typeof document !== 'undefined' && savedOverflow !== null) {
      document.body.style.overflow = savedOverflow;
      savedOverflow = null;
    }
  };

  const layer = {
    /** One more side panel is open. */
    open() {
      count += 1;
      if (count === 1) start();
      emit();
    },
    /** One side panel fewer; the layer closes at zero. */
    close() {
      if (count === 0) return;
      count -= 1;
      if (count === 0) stop();
      emit();
    },
    /** Closes the layer whatever the counter says (the stale check). */
    reset() {
      if (count === 0) return;
      count = 0;
      stop();
      emit();
    },
    count: () => count,
    isOpen: () => count > 0,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return layer;
}

export type SideModalLayer = ReturnType<typeof createSideModalLayer>;

/** The page's one layer. */
export const sideModalLayer = createSideModalLayer();

/** Whether the layer is open (any side panel counted as open). */
export function useSideModalLayerOpen(layer: SideModalLayer = sideModalLayer): boolean {
  return useSyncExternalStore(layer.subscribe, layer.isOpen, () => false);
}
