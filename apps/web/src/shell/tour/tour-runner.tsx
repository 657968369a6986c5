import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIONS,
  EVENTS,
  type EventHandler,
  type Locale,
  type Options,
  type Step,
  useJoyride,
} from 'react-joyride';
import { skippedTargetWarning, targetState } from './targets';
import { TourLoader } from './tour-loader';
import type { TourStep } from './tour-step';
import type { TourStore } from './tour-store';
import { TourTooltip } from './tour-tooltip';

/** The options of spec section 9: continuous, skip button and progress shown, no beacon. */
const options: Partial<Options> = {
  buttons: ['back', 'close', 'primary', 'skip'],
  showProgress: true,
  skipBeacon: true,
  scrollDuration: 300,
  scrollOffset: 20,
  spotlightPadding: 10,
  width: 380,
  // Escape and the close button close the whole tour (below), not just the step.
  dismissKeyAction: false,
  overlayClickAction: false,
  // A highlighted link is shown, not followed: the tour stays on its page.
  blockTargetInteraction: true,
  spotlightRadius: 10,
  overlayColor: 'rgb(16 24 20 / 55%)',
  primaryColor: '#16a34a',
  // Above the side panel (1000), below the maintenance banner (1100).
  zIndex: 1050,
};

/** The spec writes the progress as '{step} of {steps}'; react-joyride's placeholders differ. */
const joyridePlaceholders = (text: string) =>
  text.replace('{steps}', '{total}').replace('{step}', '{current}');

/**
 * One run of the tour with react-joyride: it starts at `startIndex` when mounted and is
 * unmounted when the run ends. It tells the store what the user did: Next marks the step left
 * as seen, Skip and Finish end the tour, a missing or hidden target is warned about and skipped
 * in the direction of travel (react-joyride moves on by itself).
 */
export default function TourRunner({
  store,
  steps,
  startIndex,
}: {
  store: TourStore;
  steps: TourStep[];
  startIndex: number;
}) {
  const { t } = useTranslation('tour');

  const locale: Locale = useMemo(
    () => ({
      back: t('labels.back'),
      close: t('labels.close'),
      last: t('labels.last'),
      next: t('labels.next'),
      nextWithProgress: joyridePlaceholders(t('labels.nextWithProgress')),
      skip: t('labels.skip'),
    }),
    [t],
  );

  const joyrideSteps: Step[] = useMemo(
    () =>
      steps.map((step) => ({
        id: step.key,
        target: step.target,
        title: step.title ? t(step.title) : undefined,
        content: t(step.content),
        placement: step.placement ?? 'auto',
        // A target the panel keeps out of sight on this screen (the slide-in menu) is shown first.
        ...(store.canReveal(step.target) ? { before: () => store.reveal(step.target) } : {}),
      })),
    [steps, store, t],
  );

  const onEvent: EventHandler = useCallback(
    (data) => {
      if (data.type === EVENTS.STEP_AFTER && data.action === ACTIONS.NEXT && data.step.id) {
        store.markSeen(data.step.id);
      } else if (data.type === EVENTS.TARGET_NOT_FOUND && typeof data.step.target === 'string') {
        const state = targetState(data.step.target);
        console.warn(skippedTargetWarning(state === 'visible' ? 'hidden' : state), data.step.target);
      } else if (data.type === EVENTS.TOUR_END && (data.status === 'finished' || data.status === 'skipped')) {
        store.end(data.status);
      }
    },
    [store],
  );

  const { state, Tour } = useJoyride({
    steps: joyrideSteps,
    run: true,
    continuous: true,
    initialStepIndex: startIndex,
    options,
    locale,
    tooltipComponent: TourTooltip,
    loaderComponent: TourLoader,
    onEvent,
  });

  useEffect(() => store.setRunningStatus(state.status), [store, state.status]);

  // Escape closes the tour (spec section 9).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') store.close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [store]);

  return Tour;
}
