import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderWithApp } from '../../test/render';
import { TourProvider, useTourSteps, useTourStore } from './tour-context';
import type { TourStep } from './tour-step';
import { tourTarget } from './tour-step';
import type { TourStore } from './tour-store';

/** Three steps on three marked elements; texts are shown as their keys are (no such keys exist). */
export const threeSteps: TourStep[] = [
  { key: 'one', target: tourTarget('one'), title: 'First title', content: 'First step' },
  { key: 'two', target: tourTarget('two'), title: 'Second title', content: 'Second step' },
  { key: 'three', target: tourTarget('three'), title: 'Third title', content: 'Third step' },
];

function Register({ steps, autoStart }: { steps: unknown; autoStart?: boolean }) {
  useTourSteps(steps as TourStep[], { autoStart });
  return null;
}

/**
 * A tour over `steps` with the elements they point at (`hidden`: rendered but display:none;
 * `missing`: not rendered). Returns the store to drive it as the panel would.
 */
export function renderTour(
  steps: unknown,
  {
    hidden = [],
    missing = [],
    autoStart = false,
    children,
  }: { hidden?: string[]; missing?: string[]; autoStart?: boolean; children?: ReactNode } = {},
) {
  let store: TourStore | null = null;
  function Capture() {
    store = useTourStore();
    return null;
  }
  const view = renderWithApp(
    <TourProvider>
      {['one', 'two', 'three']
        .filter((id) => !missing.includes(id))
        .map((id) => (
          <button
            key={id}
            type="button"
            data-tour={id}
            style={hidden.includes(id) ? { display: 'none' } : undefined}
          >
            Element {id}
          </button>
        ))}
      <Register steps={steps} autoStart={autoStart} />
      <Capture />
      {children}
    </TourProvider>,
  );
  const tour = () => {
    if (!store) throw new Error('no tour store');
    return store;
  };
  return { ...view, tour, act: (work: (store: TourStore) => unknown) => act(() => void work(tour())) };
}
