import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../account/account-test-utils';
import { ProfileProvider } from '../auth/profile-context';
import { cookies } from '../lib/storage';
import { queryClient } from './query-client';
import { pageKey } from './root-layout';
import { routes } from './router';

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  queryClient.clear();
  cookies.remove('authToken');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderApp(path: string, profile = makeMe('admin')) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ProfileProvider initial={profile}>
      <RouterProvider router={router} />
    </ProfileProvider>,
  );
  return router;
}

const hydrateWarnings = () =>
  warn.mock.calls.filter((call: unknown[]) => String(call[0]).includes('HydrateFallback'));

describe('the router', () => {
  it('shows the loading state while the first page loads its panel, without the HydrateFallback warning', async () => {
    cookies.set('authToken', 'tok');
    renderApp('/panel/admin/nope');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await screen.findByRole('heading', { level: 1, name: 'Not Found' }, { timeout: 10_000 });
    expect(hydrateWarnings()).toEqual([]);
  }, 20_000);

  it("says an unknown panel path is not found within the panel's layout, with a way to its first page", async () => {
    cookies.set('authToken', 'tok');
    renderApp('/panel/admin/nope');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Not Found' }, { timeout: 10_000 });
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(heading);
    const section = heading.closest('section') as HTMLElement;
    expect(within(section).getByRole('link', { name: 'Go to the first page of the panel' })).toHaveAttribute(
      'href',
      '/panel/admin',
    );
  });

  it('sends an anonymous user on an unknown panel path to the login', async () => {
    const router = renderApp('/panel/agency/nope', makeMe('agency'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/account/agency/login'), {
      timeout: 10_000,
    });
  });

  it('keys the scroll position by page (path and record id), not by its filters, tab or open panel', () => {
    const key = (url: string) => {
      const [pathname = '', search = ''] = url.split('?');
      return pageKey({ pathname, search: search ? `?${search}` : '' });
    };
    expect(key('/panel/admin/advertisers/single?id=5')).not.toBe(key('/panel/admin/advertisers/new'));
    expect(key('/panel/admin/advertisers/single?id=5')).not.toBe(key('/panel/admin/advertisers/single?id=6'));
    expect(key('/panel/admin/payments?tab=invoices&page=2')).toBe(key('/panel/admin/payments'));
    expect(key('/panel/agency/users?user=4')).toBe(key('/panel/agency/users'));
  });
});
