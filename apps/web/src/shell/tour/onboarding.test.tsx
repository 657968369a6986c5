import type { MeDto } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { regulationGate } from '../../features/regulations';
import { agencyTour } from '../../panels/agency/tour';
import { agencyNav } from '../nav-items';
import { PanelFrame } from '../panel-layout';
import { mockViewport } from '../test-utils/viewport';
import { Onboarding } from './onboarding';
import { TourProvider } from './tour-context';

const SEEN = 'guide_seen_steps';
const POPUP = 'popup_shown_at';
const tagline = 'E-commerce marketing made simple. For all.';

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const accepted = [200, { data: { regulations: [], hasRegulationAccepted: true } }] as const;

/** The agency panel as PanelLayout puts it together (without the guard), at `path`. */
function renderAgency(
  path: string,
  profile: MeDto = makeMe('agency'),
  regulation: readonly [number, unknown] = accepted,
) {
  stubApi({ 'GET /agency/me/regulation': regulation });
  return renderPage(
    <TourProvider>
      <PanelFrame kind="agency" nav={agencyNav} />
      <Onboarding kind="agency" nav={agencyNav} tour={agencyTour} gate={regulationGate} />
    </TourProvider>,
    { path, route: '/panel/agency/*', profile },
  );
}

const popupNotDue = () => localStorage.setItem(POPUP, String(Date.now()));
const tooltip = () => screen.findByRole('alertdialog', {}, { timeout: 4000 });
const noTooltipAfterSettling = async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
};
const serviceUser = (overrides: Partial<MeDto> = {}) => {
  const me = makeMe('agency', overrides);
  return { ...me, agencyUser: me.agencyUser && { ...me.agencyUser, type: 'service' as const } };
};

describe('the agency advertisers tour', () => {
  it('starts by itself when a default user opens the advertisers route, with the spec steps', {
    timeout: 20_000,
  }, async () => {
    popupNotDue();
    const user = userEvent.setup();
    renderAgency('/panel/agency/advertisers');
    expect(await tooltip()).toHaveTextContent(tagline);
    for (const [next, title] of [
      ['Next (1 of 5)', 'Advertisers'],
      ['Next (2 of 5)', 'Reporting'],
      ['Next (3 of 5)', 'Payments'],
      ['Next (4 of 5)', 'Users'],
    ]) {
      await user.click(await within(await tooltip()).findByRole('button', { name: next }));
      expect(await screen.findByRole('heading', { name: title }, { timeout: 4000 })).toBeInTheDocument();
    }
    expect(await tooltip()).toHaveTextContent('assign their roles');
    await user.click(within(await tooltip()).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem(SEEN) ?? '[]')).toEqual(agencyTour.steps.map((step) => step.key));
  });

  it('is not started by itself on other agency pages; Restart guide in the profile box starts it there', async () => {
    popupNotDue();
    localStorage.setItem(SEEN, JSON.stringify(['agency.logo']));
    const user = userEvent.setup();
    renderAgency('/panel/agency/payments');
    await noTooltipAfterSettling();
    await user.click(screen.getByRole('button', { name: /Ewa Nowak/ }));
    await user.click(screen.getByRole('button', { name: 'Restart guide' }));
    expect(await tooltip()).toHaveTextContent(tagline);
    expect(localStorage.getItem(SEEN)).toBeNull();
  });

  it('is not given to users of type service, who get no popup and no Restart guide either', async () => {
    const user = userEvent.setup();
    renderAgency('/panel/agency/advertisers', serviceUser());
    await noTooltipAfterSettling();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Ewa Nowak/ }));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restart guide' })).not.toBeInTheDocument();
  });

  it('leaves out the entries a role does not see', async () => {
    popupNotDue();
    renderAgency(
      '/panel/agency/advertisers',
      makeMe('agency', { localRole: 'manager', permissions: ['advertisers:read', 'agency-users:read'] }),
    );
    expect(await within(await tooltip()).findByRole('button', { name: 'Next (1 of 3)' })).toBeInTheDocument();
  });

  it('waits while the regulations are to be accepted', async () => {
    renderAgency('/panel/agency/advertisers', makeMe('agency'), [
      200,
      { data: { regulations: [], hasRegulationAccepted: false } },
    ]);
    await noTooltipAfterSettling();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not start by itself in a "log in as" session', async () => {
    renderAgency('/panel/agency/advertisers', makeMe('agency', { hasSourceUser: true }));
    await noTooltipAfterSettling();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('below 1024px opens the slide-in menu for the navigation steps, and closes it afterwards', async () => {
    mockViewport(800);
    popupNotDue();
    const user = userEvent.setup();
    renderAgency('/panel/agency/advertisers');
    expect(await tooltip()).toHaveTextContent(tagline);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(await tooltip()).getByRole('button', { name: 'Next (1 of 5)' }));
    expect(await within(await tooltip()).findByRole('heading', { name: 'Advertisers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    // Nothing was skipped.
    expect(console.warn).not.toHaveBeenCalledWith('Target not mounted', expect.anything());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the welcome popup', () => {
  it('comes first; starting the tour from it starts the tour and stores when it was shown', async () => {
    const user = userEvent.setup();
    renderAgency('/panel/agency/advertisers');
    const popup = await screen.findByRole('dialog', { name: 'Welcome to your agency panel' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const before = Date.now();
    await user.click(within(popup).getByRole('button', { name: 'Start the guided tour' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(Number(localStorage.getItem(POPUP))).toBeGreaterThanOrEqual(before);
    expect(await tooltip()).toHaveTextContent(tagline);
  });

  it("'Not now' closes it, and the tour does not start by itself in this visit", async () => {
    const user = userEvent.setup();
    renderAgency('/panel/agency/advertisers');
    const popup = await screen.findByRole('dialog', { name: 'Welcome to your agency panel' });
    await user.click(within(popup).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(POPUP)).not.toBeNull();
    await noTooltipAfterSettling();
  });

  it("'Not now' lasts across visits until Restart guide: the tour no longer starts by itself", {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    const first = renderAgency('/panel/agency/advertisers');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Welcome to your agency panel' })).getByRole(
        'button',
        {
          name: 'Not now',
        },
      ),
    );
    first.unmount();

    // The next visit (a reload, or logging in again): no popup and no tour over the page.
    const second = renderAgency('/panel/agency/advertisers');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // As long as the tour takes to appear by itself (its runner loads lazily).
    await expect(tooltip()).rejects.toThrow();
    await user.click(screen.getByRole('button', { name: /Ewa Nowak/ }));
    await user.click(screen.getByRole('button', { name: 'Restart guide' }));
    expect(await tooltip()).toHaveTextContent(tagline);
    second.unmount();

    // Restarted, the guide is back: the next visit starts it by itself again.
    renderAgency('/panel/agency/advertisers');
    expect(await tooltip()).toHaveTextContent(tagline);
  });

  it('shows again only once 5184000000 ms (60 days) have passed since it was shown', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = new Date('2025-03-01T12:00:00Z').getTime();
    vi.setSystemTime(now);

    localStorage.setItem(POPUP, String(now - 5_184_000_000 + 1));
    const { unmount } = renderAgency('/panel/agency/payments');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    localStorage.setItem(POPUP, String(now - 5_184_000_000));
    renderAgency('/panel/agency/payments');
    expect(await screen.findByRole('dialog', { name: 'Welcome to your agency panel' })).toBeInTheDocument();
  });
});
