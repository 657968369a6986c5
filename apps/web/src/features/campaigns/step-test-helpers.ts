import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** The steps' titles, in order (English). */
const titles = ['Goal & budget', 'Audience & targeting', 'Creatives', 'Schedule', 'Review'];

/** The step shown: its item in the step indicator. */
export const currentStep = () => screen.getByRole('listitem', { current: 'step' });

const shownIndex = () => titles.findIndex((title) => within(currentStep()).queryByText(title));

/** Clicks `button` until the step titled `title` shows, waiting for each step on the way. */
async function moveTo(button: 'Next' | 'Back', title: string) {
  const from = shownIndex();
  const to = titles.indexOf(title);
  const way = button === 'Next' ? titles.slice(from + 1, to + 1) : titles.slice(to, from).reverse();
  for (const step of way) {
    await userEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(within(currentStep()).queryByText(step)).toBeInTheDocument());
  }
}

/** Next (which checks each step) until the step titled `title` shows. */
export const walkTo = (title: string) => moveTo('Next', title);
/** Back until the step titled `title` shows. */
export const backTo = (title: string) => moveTo('Back', title);
/** Next, on a step that should keep the user (its errors shown). */
export const clickNext = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
