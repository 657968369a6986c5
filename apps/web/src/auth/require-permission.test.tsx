import type { MeDto } from '@rtb/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('shows the not-available screen, titled as the page, to a role without the resource', () => {
    page(adminMe({ localRole: 'viewer', permissions: ['configuration:read'] }));
    expect(screen.queryByText('the reports')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(document.title).toBe('Reports - RTB Panel');
  });

  it('asks for the mode given: a reader does not get a page that needs write', () => {
    page(agencyMe({ localRole: 'viewer', permissions: ['reports:read'] }), 'write');
    expect(screen.queryByText('the reports')).not.toBeInTheDocument();
    page(agencyMe({ localRole: 'admin', permissions: [] }), 'write');
    expect(screen.getByText('the reports')).toBeInTheDocument();
  });
});
