import type { AccountKind, PermissionMode } from './enums';

/**
 * The permission catalogue: what a role of each category can be granted. Every API route
 * names one of these resources (or none, for the signed-in user's own data).
 */
export const permissionCatalogue = {
  admin: [
    { group: 'users', resource: 'admin-users' },
    { group: 'users', resource: 'agency-users' },
    { group: 'users', resource: 'advertiser-users' },
    { group: 'organisations', resource: 'agencies' },
    { group: 'organisations', resource: 'advertisers' },
    { group: 'configuration', resource: 'configuration' },
    { group: 'configuration', resource: 'roles' },
    { group: 'content', resource: 'regulations' },
    { group: 'notifications', resource: 'notifications' },
    { group: 'money', resource: 'payments' },
    { group: 'reports', resource: 'reports' },
    { group: 'support', resource: 'support' },
    { group: 'audit', resource: 'activity-logs' },
  ],
  agency: [
    { group: 'organisation', resource: 'agency-profile' },
    { group: 'users', resource: 'agency-users' },
    { group: 'advertisers', resource: 'advertisers' },
    { group: 'advertisers', resource: 'advertiser-users' },
    { group: 'money', resource: 'payments' },
    { group: 'reports', resource: 'reports' },
    { group: 'support', resource: 'support' },
    { group: 'audit', resource: 'activity-logs' },
  ],
  advertiser: [
    { group: 'organisation', resource: 'advertiser-profile' },
    { group: 'users', resource: 'advertiser-users' },
    { group: 'integrations', resource: 'integrations' },
    { group: 'creatives', resource: 'banners' },
    { group: 'campaigns', resource: 'campaigns' },
    { group: 'money', resource: 'payments' },
    { group: 'reports', resource: 'reports' },
    { group: 'support', resource: 'support' },
    { group: 'audit', resource: 'activity-logs' },
  ],
} as const satisfies Record<AccountKind, readonly { group: string; resource: string }[]>;

export type PermissionResource<K extends AccountKind = AccountKind> =
  (typeof permissionCatalogue)[K][number]['resource'];

/** A granted permission as the API reports it in `me.permissions`: `resource:mode`. */
export type PermissionGrant = `${string}:${PermissionMode}`;

/** Write implies read. */
export function grants(granted: readonly string[], resource: string, mode: PermissionMode): boolean {
  return granted.includes(`${resource}:write`) || (mode === 'read' && granted.includes(`${resource}:read`));
}

/** The slug of the role that may do everything inside its organisation (spec: localRole admin). */
export const LOCAL_ADMIN_ROLE = 'admin';

type Grants = Partial<Record<string, PermissionMode>>;
const all = (kind: AccountKind, mode: PermissionMode): Grants =>
  Object.fromEntries(permissionCatalogue[kind].map((p) => [p.resource, mode]));

/** Roles every installation starts with; only the `admin` roles are not editable. */
export const defaultRoles: readonly {
  category: AccountKind;
  slug: string;
  name: string;
  editable: boolean;
  grants: Grants;
}[] = [
  { category: 'admin', slug: 'admin', name: 'Administrator', editable: false, grants: all('admin', 'write') },
  {
    category: 'admin',
    slug: 'operator',
    name: 'Operator',
    editable: true,
    grants: { ...all('admin', 'write'), 'admin-users': 'read', roles: 'read' },
  },
  { category: 'admin', slug: 'viewer', name: 'Read only', editable: true, grants: all('admin', 'read') },
  {
    category: 'agency',
    slug: 'admin',
    name: 'Administrator',
    editable: false,
    grants: all('agency', 'write'),
  },
  {
    category: 'agency',
    slug: 'manager',
    name: 'Manager',
    editable: true,
    grants: { ...all('agency', 'write'), 'agency-users': 'read', 'activity-logs': undefined },
  },
  {
    category: 'agency',
    slug: 'viewer',
    name: 'Read only',
    editable: true,
    grants: { ...all('agency', 'read'), 'activity-logs': undefined },
  },
  {
    category: 'advertiser',
    slug: 'admin',
    name: 'Administrator',
    editable: false,
    grants: all('advertiser', 'write'),
  },
  {
    category: 'advertiser',
    slug: 'manager',
    name: 'Manager',
    editable: true,
    grants: { ...all('advertiser', 'write'), 'advertiser-users': 'read', 'activity-logs': undefined },
  },
  {
    category: 'advertiser',
    slug: 'viewer',
    name: 'Read only',
    editable: true,
    grants: { ...all('advertiser', 'read'), 'activity-logs': undefined },
  },
];
