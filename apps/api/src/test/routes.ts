import { type AccountKind, accountKinds } from '@rtb/shared';
import type { RouteOptions } from 'fastify';
import type { RouteAccess } from '../core/access';

/** A route as an onRoute hook saw it. */
export interface SeenRoute {
  method: string | string[];
  url: string;
  access?: unknown;
  /** Whether the route validates a body. */
  hasBody?: boolean;
}

/** An onRoute hook adding each route to `seen`, for structural tests: `createTestApp({ onRoute: recordRoutes(seen) })`. */
export function recordRoutes(seen: SeenRoute[]) {
  return (route: RouteOptions) => {
    seen.push({
      method: route.method,
      url: route.url,
      access: route.config?.access,
      hasBody: Boolean((route.schema as { body?: unknown } | undefined)?.body),
    });
  };
}

export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** The panel of its prefix: /api/admin, /api/agency or /api/advertiser. */
  panel: AccountKind | null;
  /**
   * The user's own session and profile (auth/* and me*) and download links (made from the
   * session; the download itself checks its permission), which need no permission.
   */
  own: boolean;
  hasBody: boolean;
}

/** The `/api` routes seen, once per method (without HEAD and OPTIONS and the API docs). */
export function apiRoutes(seen: SeenRoute[]): ApiRoute[] {
  const unique = new Map<string, ApiRoute>();
  for (const route of seen) {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const [, prefix = '', rest = ''] = /^\/api\/([^/]+)\/?(.*)$/.exec(route.url) ?? [];
      const panel = (accountKinds as readonly string[]).includes(prefix) ? (prefix as AccountKind) : null;
      const own = /^(auth|me|download-links)(\/|$)/.test(rest);
      unique.set(`${method} ${route.url}`, {
        method,
        url: route.url,
        access: route.access as RouteAccess,
        panel,
        own,
        hasBody: route.hasBody ?? false,
      });
    }
  }
  return [...unique.values()];
}

export const routeName = (route: Pick<ApiRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;
