/** Where a tooltip sits next to its target (react-joyride's placements). */
export type TourPlacement = 'top' | 'bottom' | 'left' | 'right' | 'auto' | 'center';

/** A step of the guided tour (spec section 3, 'Tour step'). */
export interface TourStep {
  /** Marks the step as seen in `guide_seen_steps`; unique across the tours of a panel. */
  key: string;
  /** A CSS selector of the element to highlight, usually `tourTarget(...)`. */
  target: string;
  /** Translation keys, with their namespace (`tour:...`). */
  title?: string;
  content: string;
  placement?: TourPlacement;
}

/** Stable `data-tour` names of the shell's own targets. */
export const tourIds = {
  logo: 'logo',
  nav: (label: string) => `nav-${label}`,
  integrationStatus: 'integration-status',
} as const;

/** The selector of an element marked `data-tour={id}`. */
export const tourTarget = (id: string) => `[data-tour="${id}"]`;

/** Tour steps must be an array of objects with a target, otherwise the tour does not start. */
export function isValidTourSteps(steps: unknown): steps is TourStep[] {
  return (
    Array.isArray(steps) &&
    steps.every(
      (step) =>
        typeof step === 'object' &&
        step !== null &&
        typeof (step as { target?: unknown }).target === 'string' &&
        (step as { target: string }).target.trim() !== '',
    )
  );
}
