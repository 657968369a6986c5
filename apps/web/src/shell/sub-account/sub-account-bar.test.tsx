import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../lib/page-navigation';
import { cookies } from '../../lib/storage';
import { renderWithApp } from '../../test/render';
import { advertiserMe, clearCookies } from '../test-utils/fixtures';
import { mockViewport } from '../test-utils/viewport';
import { SubAccountBar } from './sub-account-bar';

let assign: ReturnType<typeof vi.spyOn>;
let logouts: string[];
beforeEach(() => {
  clearCookies();
  assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
  logouts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      logouts.push(`${url} ${(init.headers as Record<string, string>).authorization}`);
      return new Response(JSON.stringify({ data: { status: 'logged_out' } }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearCookies();
});

describe('sub-account bar', () => {
  it('is not shown without a source user', () => {
    renderWithApp(<SubAccountBar />, { profile: advertiserMe({ hasSourceUser: false }) });
    expect(screen.queryByText('You are logged into a sub-account')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so and offers the way back to the admin account, which swaps the session back', async () => {
    cookies.set('authToken', 'sub');
    cookies.set('sourceToken', 'admin');
    const user = userEvent.setup();
    renderWithApp(<SubAccountBar />, { profile: advertiserMe({ hasSourceUser: true }) });
    expect(screen.getByText('You are logged into a sub-account')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to agency account' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Return to admin account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/panel/admin'));
    expect(cookies.get('authToken')).toBe('admin');
    expect(cookies.get('sourceToken')).toBeUndefined();
    // The sub-account's session was ended first, with its own token, so the end is logged.
    expect(logouts).toEqual(['/api/advertiser/auth/token Bearer sub']);
    expect(screen.getByRole('button', { name: 'Return to admin account' })).toBeDisabled();
  });

  it('offers the way back to the agency account when an agency token is stored', async () => {
    cookies.set('authToken', 'sub');
    cookies.set('sourceToken', 'admin');
    cookies.set('agencyToken', 'agency');
    const user = userEvent.setup();
    renderWithApp(<SubAccountBar />, { profile: advertiserMe({ hasSourceUser: true }) });
    await user.click(screen.getByRole('button', { name: 'Back to agency account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/panel/agency'));
    expect(cookies.get('authToken')).toBe('agency');
    expect(cookies.get('agencyToken')).toBeUndefined();
    expect(logouts).toEqual(['/api/advertiser/auth/token Bearer sub']);
  });

  it('offers only the way back to the agency to an agency that opened one of its advertisers', async () => {
    cookies.set('authToken', 'sub');
    cookies.set('agencyToken', 'agency');
    const user = userEvent.setup();
    renderWithApp(<SubAccountBar />, { profile: advertiserMe({ hasSourceUser: true }) });
    expect(screen.getByText('You are logged into a sub-account')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Return to admin account' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to agency account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/panel/agency'));
    expect(cookies.get('authToken')).toBe('agency');
    expect(logouts).toEqual(['/api/advertiser/auth/token Bearer sub']);
  });

  it('shows both ways back to an admin who opened an agency, then one of its advertisers; the admin one ends both sessions', async () => {
    cookies.set('authToken', 'sub');
    cookies.set('sourceToken', 'admin');
    cookies.set('agencyToken', 'agency');
    const user = userEvent.setup();
    renderWithApp(<SubAccountBar />, { profile: advertiserMe({ hasSourceUser: true }) });
    expect(screen.getByRole('button', { name: 'Back to agency account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Return to admin account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/panel/admin'));
    expect(cookies.get('authToken')).toBe('admin');
    expect(cookies.get('agencyToken')).toBeUndefined();
    expect(logouts).toEqual([
      '/api/advertiser/auth/token Bearer sub',
      '/api/agency/auth/token Bearer agency',
    ]);
  });

  it("uses the short labels 'Admin' and 'Agency' on small screens", () => {
    mockViewport(800);
    cookies.set('sourceToken', 'admin');
    cookies.set('agencyToken', 'agency');
    renderWithApp(<SubAccountBar />, { profile: advertiserMe({ hasSourceUser: true }) });
    const admin = screen.getByRole('button', { name: 'Return to admin account' });
    const agency = screen.getByRole('button', { name: 'Back to agency account' });
    expect(admin).toHaveTextContent(/^Admin$/);
    expect(agency).toHaveTextContent(/^Agency$/);
  });
});
