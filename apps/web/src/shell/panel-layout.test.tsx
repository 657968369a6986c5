import type { MeDto } from '@rtb/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { advertiserNav, agencyNav } from './nav-items';
import { PanelFrame } from './panel-layout';
import { advertiserMe, agencyMe } from './test-utils/fixtures';
import { mockViewport } from './test-utils/viewport';

afterEach(() => vi.unstubAllGlobals());

function renderPanel(profile: MeDto, kind: 'agency' | 'advertiser' = 'advertiser', path?: string) {
  const nav = kind === 'agency' ? agencyNav : advertiserNav;
  return renderWithApp(
    <Routes>
      <Route path={`/panel/${kind}`} element={<PanelFrame kind={kind} nav={nav} />}>
        <Route path="*" element={<h1>Page content</h1>} />
      </Route>
    </Routes>,
    { profile, path: path ?? `/panel/${kind}/banners` },
  );
}

describe('panel layout on desktop', () => {
  it('shows the side navigation, the logo to the panel root, the profile box and no bottom bar', () => {
    mockViewport(1280);
    renderPanel(advertiserMe());
    expect(screen.getByRole('heading', { name: 'Page content' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'RTB Panel' })).toHaveAttribute('href', '/panel/advertiser');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Otto Owner/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Garden Shop/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Powered by RTB Panel' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
  });
});

describe('the panel banner', () => {
  it('stands above the page', () => {
    mockViewport(1280);
    renderWithApp(
      <Routes>
        <Route
          path="/panel/agency"
          element={<PanelFrame kind="agency" nav={agencyNav} banner={<p role="note">Heads up</p>} />}
        >
          <Route path="*" element={<h1>Page content</h1>} />
        </Route>
      </Routes>,
      { profile: agencyMe(), path: '/panel/agency/reporting' },
    );
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Heads up');
    expect(note.compareDocumentPosition(screen.getByRole('main'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });
});

describe('panel layout below 1024px', () => {
  it('has a menu toggle wired to the menu, and no side navigation until it opens', async () => {
    mockViewport(800);
    const user = userEvent.setup();
    renderPanel(advertiserMe());
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(
      within(menu as HTMLElement).getByRole('navigation', { name: 'Main navigation' }),
    ).toBeInTheDocument();
    // Focus moves into the menu; the page behind is out of reach.
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('main', { hidden: true }).parentElement).toHaveAttribute('inert');
  });

  it('closes when the overlay is tapped', async () => {
    mockViewport(800);
    const user = userEvent.setup();
    renderPanel(advertiserMe());
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByTestId('mobile-menu-overlay'));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('closes when an item is tapped, and the item is followed', async () => {
    mockViewport(800);
    const user = userEvent.setup();
    renderPanel(advertiserMe());
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('link', { name: 'Campaigns' }));
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    mockViewport(800);
    const user = userEvent.setup();
    renderPanel(advertiserMe());
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('shows the sticky bottom bar with the organisation link and the compact profile box', () => {
    mockViewport(800);
    renderPanel(agencyMe(), 'agency', '/panel/agency/advertisers');
    expect(screen.getByRole('link', { name: /Bright Agency/ })).toHaveAttribute(
      'href',
      '/panel/agency/agencies/me',
    );
    expect(screen.getByRole('button', { name: 'Account menu: Greta Agent' })).toBeInTheDocument();
  });
});

describe('panel layout with a sub-account', () => {
  it('shows the sub-account bar only for a profile with a source user', () => {
    mockViewport(1280);
    const { unmount } = renderPanel(advertiserMe({ hasSourceUser: false }));
    expect(screen.queryByText('You are logged into a sub-account')).not.toBeInTheDocument();
    unmount();
    renderPanel(advertiserMe({ hasSourceUser: true }));
    expect(screen.getByText('You are logged into a sub-account')).toBeInTheDocument();
  });
});
