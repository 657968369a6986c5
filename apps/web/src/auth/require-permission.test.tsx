import type { MeDto } from '@rtb/shared';
import { screen } from '@testing-library/react';
import { Route, Routes, useRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../panels/admin/routes';
import { adminNav } from '../shell/nav-items';
import { PanelHome } from '../shell/panel-home';
import { adminMe, agencyMe } from '../shell/test-utils/fixtures';
import { renderWithApp } from '../test/render';
import { RequirePermission } from './require-permission';

const page = (profile: MeDto, mode?: 'read' | 'write') =>
  renderWithApp(
    <RequirePermission resource="reports" titleKey="reports" {...(mode ? { mode } : {})}>
      <p>the reports</p>
    </RequirePermission>,
    { profile },
  );

describe('RequirePermission', () => {
  it('shows the page to a role that may read the resource', () => {
    page(adminMe({ localRole: 'viewer', permissions: ['reports:read'] }));
    expect(screen.getByText('the reports')).toBeInTheDocument();
  });

  it('counts write as read', () => {
    page(adminMe({ localRole: 'operator', permissions: ['reports:write'] }));
    expect(screen.getByText('the reports')).toBeInTheDocument();
  });

  it('shows the no-access screen, titled as the page, to a role without the resource', () => {
    page(adminMe({ localRole: 'viewer', permissions: ['configuration:read'] }));
    expect(screen.queryByText('the reports')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByText('No access')).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
    expect(document.title).toBe('Reports - RTB Panel');
  });

  it('asks for the mode given: a reader does not get a page that needs write', () => {
    page(agencyMe({ localRole: 'viewer', permissions: ['reports:read'] }), 'write');
    expect(screen.queryByText('the reports')).not.toBeInTheDocument();
    page(agencyMe({ localRole: 'admin', permissions: [] }), 'write');
    expect(screen.getByText('the reports')).toBeInTheDocument();
  });
});

function AdminPages() {
  return useRoutes([{ path: '/panel/admin', children: adminRoutes.children ?? [] }]);
}

describe('the admin panel routes', () => {
  it('guard every page with the permission its API needs', () => {
    renderWithApp(<AdminPages />, {
      path: '/panel/admin/configs',
      profile: adminMe({ localRole: 'viewer', permissions: ['agencies:read'] }),
    });
    expect(screen.getByRole('heading', { name: 'Configuration' })).toBeInTheDocument();
    expect(screen.getByText('No access')).toBeInTheDocument();
  });

  it('open the root on the first page of the navigation the role may read', () => {
    renderWithApp(
      <Routes>
        <Route path="/panel/admin" element={<PanelHome nav={adminNav} />} />
        <Route path="/panel/admin/notifications" element={<h1>Notifications page</h1>} />
      </Routes>,
      {
        path: '/panel/admin',
        profile: adminMe({ localRole: 'viewer', permissions: ['notifications:read'] }),
      },
    );
    expect(screen.getByRole('heading', { name: 'Notifications page' })).toBeInTheDocument();
  });
});
