import type { MeDto } from '@rtb/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProfile } from '../../auth/profile-context';
import * as session from '../../auth/session';
import { renderWithApp } from '../../test/render';
import {
  adminMe,
  adminUser,
  advertiserMe,
  advertiserUser,
  agencyMe,
  agencyUser,
} from '../test-utils/fixtures';
import { ProfileBox } from './profile-box';

function Where() {
  const { pathname } = useLocation();
  const { profile } = useProfile();
  return (
    <output data-testid="where">
      {pathname} {profile ? 'signed-in' : 'signed-out'}
    </output>
  );
}

function renderBox(kind: 'admin' | 'agency' | 'advertiser', profile: MeDto | null) {
  return renderWithApp(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <ProfileBox kind={kind} />
            <p>Outside</p>
            <Where />
          </>
        }
      />
    </Routes>,
    { profile, path: `/panel/${kind}/somewhere` },
  );
}

const trigger = () => screen.getByRole('button', { expanded: false });

beforeEach(() => {
  vi.spyOn(session, 'logout').mockResolvedValue();
});
afterEach(() => vi.restoreAllMocks());

describe('profile box', () => {
  it('shows the short name, with --- for a missing part, and the role label', () => {
    renderBox('agency', agencyMe({ agencyUser: agencyUser({ firstName: 'Greta', lastName: '' }) }));
    expect(screen.getByText('Greta ---')).toBeInTheDocument();
    expect(screen.getByText('Agency')).toBeInTheDocument();
  });

  it('labels the role Admin before Agency before Advertiser', () => {
    const all = adminMe({ agencyUser: agencyUser(), advertiserUser: advertiserUser() });
    const { unmount } = renderBox('admin', all);
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    unmount();

    const agencyAndAdvertiser = agencyMe({ advertiserUser: advertiserUser() });
    const second = renderBox('agency', agencyAndAdvertiser);
    expect(screen.getByText('Agency')).toBeInTheDocument();
    expect(screen.queryByText('Advertiser')).not.toBeInTheDocument();
    second.unmount();

    renderBox('advertiser', advertiserMe());
    expect(screen.getByText('Advertiser')).toBeInTheDocument();
    expect(screen.getByText('Otto Owner')).toBeInTheDocument();
  });

  it('opens with a click and closes with a click outside', async () => {
    const user = userEvent.setup();
    renderBox('advertiser', advertiserMe());
    await user.click(trigger());
    expect(screen.getByRole('button', { expanded: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'User Settings' })).toHaveAttribute(
      'href',
      '/panel/advertiser/me',
    );
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('link', { name: 'User Settings' })).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens with Enter and with Space, and Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    renderBox('agency', agencyMe());
    trigger().focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('does not open without a profile', async () => {
    const user = userEvent.setup();
    renderBox('agency', null);
    await user.click(trigger());
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('hides User Settings from service users but keeps Logout', async () => {
    const user = userEvent.setup();
    renderBox('advertiser', advertiserMe({ advertiserUser: advertiserUser({ type: 'service' }) }));
    await user.click(trigger());
    expect(screen.queryByRole('link', { name: 'User Settings' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('links User Settings to the admin me page in the admin box', async () => {
    const user = userEvent.setup();
    renderBox('admin', adminMe({ adminUser: adminUser() }));
    await user.click(trigger());
    expect(screen.getByRole('link', { name: 'User Settings' })).toHaveAttribute('href', '/panel/admin/me');
  });

  it.each([
    ['agency', agencyMe({ localRole: 'admin' }), '/panel/agency'],
    ['agency', agencyMe({ localRole: 'manager' }), '/panel/agency'],
    ['advertiser', advertiserMe({ localRole: 'admin' }), '/panel/advertiser'],
    ['advertiser', advertiserMe({ localRole: 'viewer' }), '/panel/advertiser'],
    ['admin', adminMe({ localRole: 'admin' }), '/panel/admin'],
    ['admin', adminMe({ localRole: 'operator' }), '/panel/admin'],
    ['admin', advertiserMe(), '/panel/advertiser'],
  ] as const)('logs out of the %s box and goes to the right prefix (%#)', async (kind, me, destination) => {
    const user = userEvent.setup();
    renderBox(kind, me);
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`${destination} signed-out`));
    expect(session.logout).toHaveBeenCalledWith(kind);
  });

  it('still clears the profile and moves on when the logout call fails', async () => {
    vi.mocked(session.logout).mockRejectedValue(new Error('network'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderBox('advertiser', advertiserMe({ localRole: 'viewer' }));
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/panel/advertiser signed-out'),
    );
  });
});
