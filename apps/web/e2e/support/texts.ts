import type { AccountKind } from '@rtb/shared';

/** The spec's words (sections 2, 4 and 8) that the tests look for. */
export const texts = {
  titleSuffix: ' - RTB Panel',
  login: {
    admin: { title: 'Login - RTB Panel', heading: 'Log in to the admin panel' },
    agency: { title: 'Log in to agency panel - RTB Panel', heading: 'Log in to agency panel' },
    advertiser: { title: 'Login - RTB Panel', heading: 'Log in to advertiser panel' },
  } satisfies Record<AccountKind, { title: string; heading: string }>,
  loginLabel: 'Login',
  loginPlaceholder: 'Login...',
  passwordLabel: 'Password',
  passwordPlaceholder: 'Password...',
  loginButton: 'Login',
  register: 'Register',
  forgotPassword: 'Forgot password? Click here',
  incorrectLogin: 'Incorrect login or password',
  notVerified: 'Your email is not verified. Please check your inbox.',
  maintenance: 'The system is currently under maintenance. Please try again later.',
  logout: 'Logout',
  userSettings: 'User Settings',
  polishAdvertiserHeading: 'Zaloguj się do panelu reklamodawcy',
};

export const panelPrefix: Record<AccountKind, string> = {
  admin: '/panel/admin',
  agency: '/panel/agency',
  advertiser: '/panel/advertiser',
};

export const loginPath = (kind: AccountKind) => `/account/${kind}/login`;

/** A URL matcher for a path prefix (the path itself or anything below it). */
export const under = (prefix: string) => new RegExp(`^[^?#]*://[^/]+${prefix}(?:[/?#]|$)`);

/** The README's demo accounts, with the names the profile box shows. */
export const demo = {
  admin: { kind: 'admin', login: 'admin@example.com', password: 'demo-admin-1', name: 'Ada Admin' },
  agency: { kind: 'agency', login: 'agency@example.com', password: 'demo-agency-1', name: 'Adam Agencki' },
  advertiser: {
    kind: 'advertiser',
    login: 'advertiser@example.com',
    password: 'demo-advertiser-1',
    name: 'Dorota Sklepowa',
  },
  solo: { kind: 'advertiser', login: 'solo@example.com', password: 'demo-advertiser-2', name: 'Sol Storer' },
} as const satisfies Record<string, { kind: AccountKind; login: string; password: string; name: string }>;

export type DemoUser = (typeof demo)[keyof typeof demo];
