import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { adminNav, advertiserNav, agencyNav, type NavItem } from '../nav-items';
import { adminMe, advertiserMe, agencyMe } from '../test-utils/fixtures';
import { PanelNav, visibleNavItems } from './panel-nav';

const labels = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('panel navigation', () => {
  it('lists the admin entries in the spec order (the prediction models after the configuration), Activity Logs for a local admin', () => {
    const me = adminMe({ localRole: 'admin' });
    renderWithApp(<PanelNav prefix="/panel/admin" items={visibleNavItems(adminNav, me)} />, { profile: me });
    expect(labels()).toEqual([
      'Agencies',
      'Advertisers',
      'Users',
      'Notifications',
      'Reports',
      'Payments',
      'Configuration',
      'Prediction models',
      'Activity Logs',
      'Help & Support',
    ]);
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/panel/admin/admins');
  });

  it('hides Activity Logs when the local role is not admin, in every panel', () => {
    const readAll = (nav: NavItem[]) =>
      nav.flatMap((item) => (item.resource ? [`${item.resource}:read`] : []));
    for (const [nav, me] of [
      [adminNav, adminMe({ localRole: 'operator', permissions: readAll(adminNav) })],
      [agencyNav, agencyMe({ localRole: 'manager', permissions: readAll(agencyNav) })],
      [advertiserNav, advertiserMe({ localRole: 'viewer', permissions: readAll(advertiserNav) })],
    ] as const) {
      const items = visibleNavItems(nav, me);
      expect(items.map((item) => item.label)).not.toContain('activityLogs');
      expect(items).toHaveLength(nav.length - 1);
    }
    expect(visibleNavItems(agencyNav, null).map((item) => item.label)).not.toContain('activityLogs');
  });

  it('hides the pages a role may not read, and shows those it may write', () => {
    const me = adminMe({ localRole: 'operator', permissions: ['agencies:write', 'configuration:read'] });
    expect(visibleNavItems(adminNav, me).map((item) => item.label)).toEqual([
      'agencies',
      'configuration',
      'predictionModels',
    ]);
  });

  it('lists the agency and advertiser entries in order, each under its own prefix', () => {
    const agency = agencyMe();
    const { unmount } = renderWithApp(
      <PanelNav prefix="/panel/agency" items={visibleNavItems(agencyNav, agency)} />,
      { profile: agency },
    );
    // The overview (the landing page) first, then the spec's entries in its order.
    expect(labels()).toEqual([
      'Overview',
      'Advertisers',
      'Reporting',
      'Payments',
      'Users',
      'Activity Logs',
      'Help & Support',
    ]);
    expect(screen.getByRole('link', { name: 'Reporting' })).toHaveAttribute(
      'href',
      '/panel/agency/reporting',
    );
    unmount();

    const advertiser = advertiserMe();
    renderWithApp(
      <PanelNav prefix="/panel/advertiser" items={visibleNavItems(advertiserNav, advertiser)} />,
      {
        profile: advertiser,
      },
    );
    // The home page (the landing page) first, then the spec's entries in its order.
    expect(labels()).toEqual([
      'Home',
      'Integrations',
      'Banners',
      'Campaigns',
      'Reporting',
      'Payments',
      'Users',
      'Activity Logs',
      'Help & Support',
    ]);
    expect(screen.getByRole('link', { name: 'Help & Support' }).closest('li')).toHaveClass('separated');
  });

  it('marks the current page', () => {
    const me = advertiserMe();
    renderWithApp(<PanelNav prefix="/panel/advertiser" items={advertiserNav} />, {
      profile: me,
      path: '/panel/advertiser/banners',
    });
    expect(screen.getByRole('link', { name: 'Banners' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Campaigns' })).not.toHaveAttribute('aria-current');
  });
});
