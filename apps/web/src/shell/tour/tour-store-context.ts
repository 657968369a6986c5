import { createContext, useContext } from 'react';
import type { TourStore } from './tour-store';

/** The panel's tour store; apart from TourProvider so the runner it loads can read it without a cycle. */
export const TourContext = createContext<TourStore | null>(null);

/** The panel's tour, or null outside a panel. */
export const useTourStore = () => useContext(TourContext);
