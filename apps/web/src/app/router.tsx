import type { AccountKind } from '@rtb/shared';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ActivatePage } from '../account/activate-page';
import { LoginPage } from '../account/login-page';
import { PasswordChangePage } from '../account/password-change-page';
import { PasswordResetPage } from '../account/password-reset-page';
import { RegisterPage } from '../account/register-page';
import { HomePage } from '../features/home';
import { TermsPage } from '../features/regulations';
import { Loading } from '../shell/loading';
import { NotFoundPage } from '../shell/not-found-page';
import { RouteError } from '../shell/route-error';
import { RootLayout } from './root-layout';

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

/** Each panel is its own chunk with its own routes: the login pages load no panel code. */
const lazyPanel = (path: string, load: () => Promise<{ default: () => React.ReactNode }>): RouteObject => ({
  path: `${path}/*`,
  lazy: async () => ({ Component: (await load()).default }),
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
      lazyPanel('/panel/admin', () => import('../panels/admin/routes')),
      lazyPanel('/panel/agency', () => import('../panels/agency/routes')),
      lazyPanel('/panel/advertiser', () => import('../panels/advertiser/routes')),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
