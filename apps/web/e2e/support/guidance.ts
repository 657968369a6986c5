import type { BrowserContext } from 'playwright-core';
import { advertiserTour } from '../../src/panels/advertiser/tour';
import { agencyTour } from '../../src/panels/agency/tour';

/** Every step of the panels' tours, as the web app keeps them in `guide_seen_steps`. */
export const tourStepKeys = [...agencyTour.steps, ...advertiserTour.steps].map((step) => step.key);

/**
 * A context whose user has seen the welcome popup and every tour step, as a returning user
 * has: tests about something else get the page without the onboarding over it.
 */
export async function skipGuidance(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ keys, now }) => {
      window.localStorage.setItem('guide_seen_steps', JSON.stringify(keys));
      window.localStorage.setItem('popup_shown_at', String(now));
    },
    { keys: tourStepKeys, now: Date.now() },
  );
}
