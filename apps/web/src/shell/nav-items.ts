/** One entry of a panel's left navigation (spec section 2). */
export interface NavItem {
  /** Translation key under `shell:nav`. */
  label: string;
  /** Relative to the panel prefix. */
  to: string;
  icon: string;
  /** Visible only when the profile's localRole is admin (Activity Logs). */
  localAdminOnly?: boolean;
  /** Set apart from the entries above it (Help & Support). */
  separated?: boolean;
}

export const adminNav: NavItem[] = [
  { label: 'agencies', to: 'agencies', icon: 'building' },
  { label: 'advertisers', to: 'advertisers', icon: 'store' },
  { label: 'users', to: 'admins', icon: 'users' },
  { label: 'notifications', to: 'notifications', icon: 'bell' },
  { label: 'reports', to: 'reports', icon: 'chart' },
  { label: 'payments', to: 'payments', icon: 'wallet' },
  { label: 'configuration', to: 'configs', icon: 'settings' },
  { label: 'activityLogs', to: 'activity-logs', icon: 'list', localAdminOnly: true },
  { label: 'helpSupport', to: 'support', icon: 'help', separated: true },
];

export const agencyNav: NavItem[] = [
  { label: 'advertisers', to: 'advertisers', icon: 'store' },
  { label: 'reporting', to: 'reporting', icon: 'chart' },
  { label: 'payments', to: 'payments', icon: 'wallet' },
  { label: 'users', to: 'agency-users', icon: 'users' },
  { label: 'activityLogs', to: 'activity-logs', icon: 'list', localAdminOnly: true },
  { label: 'helpSupport', to: 'support', icon: 'help', separated: true },
];

export const advertiserNav: NavItem[] = [
  { label: 'integrations', to: 'integrations', icon: 'plug' },
  { label: 'banners', to: 'banners', icon: 'image' },
  { label: 'campaigns', to: 'campaigns', icon: 'megaphone' },
  { label: 'reporting', to: 'reports', icon: 'chart' },
  { label: 'payments', to: 'payments', icon: 'wallet' },
  { label: 'users', to: 'advertiser-users', icon: 'users' },
  { label: 'activityLogs', to: 'activity-logs', icon: 'list', localAdminOnly: true },
  { label: 'helpSupport', to: 'support', icon: 'help', separated: true },
];
