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

/** Anything in the side bar besides the entries (below 1024px it moves into the slide-in menu). */
const sidebar = (name: string) => `sidebar-${name}`;

/** Stable `data-tour` names of the targets. */
export const tourIds = {
  logo: 'logo',
  /** A navigation entry, by its label. */
  nav: (label: string) => `nav-${label}`,
  integrationStatus: sidebar('integration-status'),
} as const;

/** The selector of an element marked `data-tour={id}`. */
export const tourTarget = (id: string) => `[data-tour="${id}"]`;

/** Whether a target lives in the side bar: a navigation entry or a `sidebar-` target. */
export const isSidebarTarget = (target: string) => /^\[data-tour="(nav|sidebar)-/.test(target);

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
