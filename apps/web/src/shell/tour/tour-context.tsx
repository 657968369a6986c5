import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { TourStep } from './tour-step';
import { createTourStore, type TourRevealer, type TourSnapshot } from './tour-store';
import { TourContext, useTourStore } from './tour-store-context';

export { useTourStore };

// react-joyride loads with the first run, not with the panel.
const TourRunner = lazy(() => import('./tour-runner'));

/**
 * The guided tour of a panel: pages and the panel register steps, and the tour overlays
 * whichever page it is on while it runs (spec section 2, 'Guided tour').
 */
export function TourProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createTourStore);
  const { run, steps } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <TourContext.Provider value={store}>
      {children}
      {run && (
        <Suspense fallback={null}>
          <TourRunner key={run.id} store={store} steps={steps} startIndex={run.startIndex} />
        </Suspense>
      )}
    </TourContext.Provider>
  );
}

const noTour: TourSnapshot = { steps: [], valid: true, seen: new Set(), run: null, status: 'idle' };
const noSubscription = () => () => {};

/** The tour's state as it changes (an empty, idle tour outside a panel). */
export function useTourSnapshot(): TourSnapshot {
  const store = useTourStore();
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.getSnapshot ?? (() => noTour));
}

/**
 * Registers steps with the panel's tour while the calling component is mounted. `steps` should
 * keep its identity between renders (a constant or a memo).
 */
export function useTourSteps(steps: TourStep[], options: { autoStart?: boolean } = {}) {
  const store = useTourStore();
  const autoStart = options.autoStart ?? false;
  useEffect(() => store?.register(steps, { autoStart }), [store, steps, autoStart]);
}

/** Lets the tour bring this component's hidden targets on screen (e.g. by opening a menu). */
export function useTourRevealer(revealer: TourRevealer) {
  const store = useTourStore();
  useEffect(() => store?.addRevealer(revealer), [store, revealer]);
}
