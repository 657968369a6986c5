/** One entry of a panel's left navigation (spec section 2). */
export interface NavItem {
  /** Translation key under `shell:nav`. */
  label: string;
  /** Relative to the panel prefix. */
  to: string;
  icon: string;
  /** The permission resource the page reads; hidden from roles without it. */
  resource?: string;
  /** Visible only when the profile's localRole is admin (Activity Logs). */
  localAdminOnly?: boolean;
  /** Set apart from the entries above it (Help & Support). */
  separated?: boolean;
}

export const adminNav: NavItem[] = [
  { label: 'agencies', to: 'agencies', icon: 'building', resource: 'agencies' },
  { label: 'advertisers', to: 'advertisers', icon: 'store', resource: 'advertisers' },
  { label: 'users', to: 'admins', icon: 'users', resource: 'admin-users' },
  { label: 'notifications', to: 'notifications', icon: 'bell', resource: 'notifications' },
  { label: 'reports', to: 'reports', icon: 'chart', resource: 'reports' },
  { label: 'payments', to: 'payments', icon: 'wallet', resource: 'payments' },
  { label: 'configuration', to: 'configs', icon: 'settings', resource: 'configuration' },
  { label: 'predictionModels', to: 'prediction-models', icon: 'trend', resource: 'configuration' },
  { label: 'activityLogs', to: 'activity-logs', icon: 'list', localAdminOnly: true },
  { label: 'helpSupport', to: 'support', icon: 'help', resource: 'support', separated: true },
];

/** The overview comes first, as the agency's landing page; the spec's entries follow in its order. */
export const agencyNav: NavItem[] = [
  { label: 'overview', to: 'overview', icon: 'dashboard', resource: 'advertisers' },
  { label: 'advertisers', to: 'advertisers', icon: 'store', resource: 'advertisers' },
  { label: 'reporting', to: 'reporting', icon: 'chart', resource: 'reports' },
  { label: 'payments', to: 'payments', icon: 'wallet', resource: 'payments' },
  { label: 'users', to: 'agency-users', icon: 'users', resource: 'agency-users' },
  { label: 'activityLogs', to: 'activity-logs', icon: 'list', localAdminOnly: true },
  { label: 'helpSupport', to: 'support', icon: 'help', resource: 'support', separated: true },
];

/** The home page comes first, as the advertiser's landing page; the spec's entries follow in its order. */
export const advertiserNav: NavItem[] = [
  { label: 'home', to: 'home', icon: 'dashboard', resource: 'reports' },
  { label: 'integrations', to: 'integrations', icon: 'plug', resource: 'integrations' },
  { label: 'banners', to: 'banners', icon: 'image', resource: 'banners' },
  { label: 'campaigns', to: 'campaigns', icon: 'megaphone', resource: 'campaigns' },
  { label: 'reporting', to: 'reports', icon: 'chart', resource: 'reports' },
  { label: 'payments', to: 'payments', icon: 'wallet', resource: 'payments' },
  { label: 'users', to: 'advertiser-users', icon: 'users', resource: 'advertiser-users' },
  { label: 'activityLogs', to: 'activity-logs', icon: 'list', localAdminOnly: true },
  { label: 'helpSupport', to: 'support', icon: 'help', resource: 'support', separated: true },
];
