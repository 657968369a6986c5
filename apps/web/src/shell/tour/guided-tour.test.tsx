import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderTour, threeSteps } from './tour-test-utils';

const SEEN = 'guide_seen_steps';
const seenKeys = () => JSON.parse(localStorage.getItem(SEEN) ?? '[]') as string[];
const tooltip = () => screen.findByRole('alertdialog', {}, { timeout: 4000 });
/** Waits for the tooltip to show a step's content. */
const showing = async (content: string) =>
  expect(await screen.findByText(content, {}, { timeout: 4000 })).toBeInTheDocument();
const primary = async (name: string | RegExp) =>
  within(await tooltip()).findByRole('button', { name }, { timeout: 4000 });

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('guided tour', () => {
  it('runs through the steps with Next, marking each step left as seen, and finishes', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    const { act, tour } = renderTour(threeSteps);
    expect(tour().getSnapshot().status).toBe('ready');
    await act((store) => store.start());

    expect(await tooltip()).toHaveTextContent('First step');
    expect(within(await tooltip()).getByRole('progressbar', { name: 'Tour progress' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    expect(within(await tooltip()).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(within(await tooltip()).getByRole('button', { name: 'Skip' })).toBeInTheDocument();
    expect(within(await tooltip()).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(seenKeys()).toEqual([]);

    await user.click(await primary('Next (1 of 3)'));
    await showing('Second step');
    expect(seenKeys()).toEqual(['one']);
    expect(within(await tooltip()).getByRole('button', { name: 'Back' })).toBeInTheDocument();

    await user.click(await primary('Next (2 of 3)'));
    await showing('Third step');
    expect(seenKeys()).toEqual(['one', 'two']);
    // The last step: 'Finish', no progress in the label, no Skip.
    expect(within(await tooltip()).queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();

    await user.click(await primary('Finish'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(seenKeys()).toEqual(['one', 'two', 'three']);
    expect(tour().getSnapshot().status).toBe('finished');
    expect(tour().getSnapshot().run).toBeNull();
  });

  it('starts by itself at the first unseen step, and not at all once every step was seen', async () => {
    localStorage.setItem(SEEN, JSON.stringify(['one']));
    const user = userEvent.setup();
    const { act, tour } = renderTour(threeSteps, { autoStart: true });
    await act((store) => store.startAutomatically());
    expect(await tooltip()).toHaveTextContent('Second step');
    expect(await primary('Next (2 of 3)')).toBeInTheDocument();
    await user.click(await primary('Next (2 of 3)'));
    await user.click(await primary('Finish'));
    await waitFor(() => expect(tour().getSnapshot().run).toBeNull());
    expect(seenKeys()).toEqual(['one', 'two', 'three']);

    await act((store) => expect(store.startAutomatically()).toBe(false));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('stops once every registered step has been seen, even before the last one', async () => {
    localStorage.setItem(SEEN, JSON.stringify(['one', 'three']));
    const user = userEvent.setup();
    const { act, tour } = renderTour(threeSteps, { autoStart: true });
    await act((store) => store.startAutomatically());
    await user.click(await primary('Next (2 of 3)'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(tour().getSnapshot().status).toBe('finished');
  });

  it('does not start by itself unless a registration asks for it', async () => {
    const { act } = renderTour(threeSteps);
    await act((store) => expect(store.startAutomatically()).toBe(false));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('skips a step whose target is not mounted, going forward, with a warning', async () => {
    const user = userEvent.setup();
    const { act } = renderTour(threeSteps, { missing: ['two'] });
    await act((store) => store.start());
    await user.click(await primary('Next (1 of 3)'));
    await showing('Third step');
    expect(console.warn).toHaveBeenCalledWith('Target not mounted', '[data-tour="two"]');
    // Skipped, not seen.
    expect(seenKeys()).toEqual(['one']);
  });

  it('skips a hidden target going back, towards the first step, with a warning', async () => {
    localStorage.setItem(SEEN, JSON.stringify(['one', 'two']));
    const user = userEvent.setup();
    const { act } = renderTour(threeSteps, { hidden: ['two'] });
    await act((store) => store.start());
    expect(await tooltip()).toHaveTextContent('Third step');
    await user.click(within(await tooltip()).getByRole('button', { name: 'Back' }));
    await showing('First step');
    expect(console.warn).toHaveBeenCalledWith('Target not visible', '[data-tour="two"]');
  });

  it('does not start by itself when no unseen step can be shown', async () => {
    localStorage.setItem(SEEN, JSON.stringify(['one', 'three']));
    const { act } = renderTour(threeSteps, { autoStart: true, missing: ['two'] });
    await act((store) => expect(store.startAutomatically()).toBe(false));
  });

  it('Escape closes the tour: paused, the step stays unseen, and it does not start by itself again', async () => {
    const user = userEvent.setup();
    const { act, tour } = renderTour(threeSteps, { autoStart: true });
    await act((store) => store.startAutomatically());
    expect(await tooltip()).toHaveTextContent('First step');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(tour().getSnapshot().status).toBe('paused');
    expect(seenKeys()).toEqual([]);
    await act((store) => expect(store.startAutomatically()).toBe(false));
  });

  it('the close button closes the tour too', async () => {
    const user = userEvent.setup();
    const { act, tour } = renderTour(threeSteps);
    await act((store) => store.start());
    await user.click(within(await tooltip()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(tour().getSnapshot().status).toBe('paused');
  });

  it('Skip ends the tour as skipped, and the guide does not start by itself again', async () => {
    const user = userEvent.setup();
    const { act, tour } = renderTour(threeSteps, { autoStart: true });
    await act((store) => store.startAutomatically());
    await user.click(within(await tooltip()).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(tour().getSnapshot().status).toBe('skipped');
    expect(seenKeys()).toEqual(['one', 'two', 'three']);
    await act((store) => expect(store.startAutomatically()).toBe(false));
  });

  it('Reset clears the seen keys and starts the guide again from the first step', async () => {
    localStorage.setItem(SEEN, JSON.stringify(['one', 'two', 'three']));
    const { act, tour } = renderTour(threeSteps);
    await act((store) => store.reset());
    expect(localStorage.getItem(SEEN)).toBeNull();
    expect(await tooltip()).toHaveTextContent('First step');
    expect(tour().getSnapshot().status).toBe('running');
  });

  it.each([
    ['not an array', 'steps'],
    ['an array with a step without a target', [{ key: 'x', content: 'No target' }]],
    ['an array with something other than an object', ['[data-tour="one"]']],
  ])('does not start when the steps are %s', async (_case, steps) => {
    const { act, tour } = renderTour(steps, { autoStart: true });
    await act((store) => expect(store.start()).toBe(false));
    await act((store) => expect(store.startAutomatically()).toBe(false));
    await act((store) => expect(store.reset()).toBe(false));
    expect(tour().getSnapshot()).toMatchObject({ valid: false, run: null, status: 'idle' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
