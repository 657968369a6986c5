import type { AccountKind } from '@rtb/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../account/login-page';
import { loadTextSets } from '../lib/i18n';
import type { TextSet } from '../locales';
import { lazyPage } from '../shell/lazy-page';
import { Loading } from '../shell/loading';
import { NotFoundPage } from '../shell/not-found-page';
import { RouteError } from '../shell/route-error';
import { RootLayout } from './root-layout';

/**
 * A public page of its own chunk, shown once it, the query cache and the text sets it uses beyond
 * the public ones (in the language shown) have loaded. The login page comes with the app instead.
 */
const publicPage = <P extends object>(load: () => Promise<ComponentType<P>>, texts: TextSet[]) =>
  lazyPage(() =>
    Promise.all([load(), import('./query-client'), loadTextSets(...texts)]).then(([Page, queries]) =>
      queries.withQueryClient(Page),
    ),
  );

/** An account page: a form, whose failures need the errors' texts. */
const accountPage = <P extends object>(load: () => Promise<ComponentType<P>>) => publicPage(load, ['errors']);

const ActivatePage = accountPage(() => import('../account/activate-page').then((m) => m.ActivatePage));
const PasswordChangePage = accountPage(() =>
  import('../account/password-change-page').then((m) => m.PasswordChangePage),
);
const PasswordResetPage = accountPage(() =>
  import('../account/password-reset-page').then((m) => m.PasswordResetPage),
);
const RegisterPage = accountPage(() => import('../account/register-page').then((m) => m.RegisterPage));
const HomePage = publicPage(() => import('../features/home/home-page').then((m) => m.HomePage), []);
// The terms are the regulations feature's, whose texts are in the panels' set.
const TermsPage = publicPage(
  () => import('../features/regulations/terms-page').then((m) => m.TermsPage),
  ['errors', 'panels'],
);

function accountRoutes(kind: AccountKind): RouteObject[] {
  const base = `/account/${kind}`;
  return [
    ...(kind === 'admin' ? [] : [{ path: `${base}/register`, element: <RegisterPage kind={kind} /> }]),
    { path: `${base}/login`, element: <LoginPage kind={kind} /> },
    { path: `${base}/password-reset`, element: <PasswordResetPage kind={kind} /> },
    { path: `${base}/password-change`, element: <PasswordChangePage kind={kind} /> },
    { path: `${base}/activate`, element: <ActivatePage kind={kind} /> },
  ];
}

/**
 * Each panel is its own chunk with its own routes: the login pages load no panel code. The query
 * cache and its texts (the sets `texts`, in the language shown) load beside it, before it renders.
 */
const lazyPanel = (
  path: string,
  load: () => Promise<{ default: () => React.ReactNode }>,
  texts: TextSet[],
): RouteObject => ({
  path: `${path}/*`,
  lazy: async () => {
    const [panel, queries] = await Promise.all([load(), import('./query-client'), loadTextSets(...texts)]);
    return { Component: queries.withQueryClient(panel.default) };
  },
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's lazy panel chunk loads (without it react-router warns).
    hydrateFallbackElement: <Loading />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/terms-of-service/:type', element: <TermsPage /> },
      ...accountRoutes('admin'),
      ...accountRoutes('agency'),
      ...accountRoutes('advertiser'),
      { path: '/account/*', element: <Navigate to="/" replace /> },
      { path: '/panel', element: <Navigate to="/panel/admin" replace /> },
      lazyPanel('/panel/admin', () => import('../panels/admin/routes'), ['errors', 'panels', 'admin']),
      lazyPanel('/panel/agency', () => import('../panels/agency/routes'), ['errors', 'panels']),
      lazyPanel('/panel/advertiser', () => import('../panels/advertiser/routes'), ['errors', 'panels']),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
