import { type AccountKind, grants, LOCAL_ADMIN_ROLE, type PermissionMode } from '@rtb/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from './deps';
import { downloadPathOf } from './download-routes';
import { forbidden, notFound, unauthenticated } from './errors';
import type { Principal } from './principal';

/** Who may call a route. Every /api route declares one (checked when routes are added). */
export type RouteAccess =
  | 'public'
  /** Any signed-in user, whatever the panel. */
  | 'authenticated'
  | {
      kind: AccountKind;
      permission?: readonly [resource: string, mode: PermissionMode];
      /**
       * Refuses users of type service, whatever their role (spec section 6: they get neither
       * User Settings nor their organisation's own page to change).
       */
      refuseServiceUsers?: boolean;
    };

/** The organisation a request acts on, from the token and re-checked context headers. */
export interface OrganisationContext {
  agencyId: number | null;
  advertiserId: number | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
    organisation: OrganisationContext;
  }
}

/** The token of the authorization header: the only place a session token is taken from. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return undefined;
}

/**
 * The token of a download link: `?authorization=` on a GET of a route that declared
 * `download`, and nowhere else. A token in a URL ends up in browser history, proxy logs and
 * referrers, so only a download link's may be there: it works once, for its own path, within
 * a minute (identity's download-links); a session token in the query string is no token at all.
 */
function downloadLinkToken(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET' || !request.routeOptions.config?.download) return undefined;
  const value = (request.query as Record<string, unknown> | undefined)?.authorization;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const headerId = (request: FastifyRequest, name: string): number | undefined => {
  const raw = request.headers[name];
  if (raw === undefined || raw === '') return undefined;
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw forbidden();
  return id;
};

/** Organisation from the token; headers may only narrow it to something the user may act on. */
async function resolveOrganisation(
  deps: AppDeps,
  request: FastifyRequest,
  p: Principal,
): Promise<OrganisationContext> {
  const agencyHeader = headerId(request, 'agency-id');
  const advertiserHeader = headerId(request, 'advertiser-id');
  const profile = p.profile;
  if (p.kind === 'advertiser') {
    const own = profile?.advertiser;
    if (!own) throw forbidden();
    if (advertiserHeader !== undefined && advertiserHeader !== own.id) throw forbidden();
    if (agencyHeader !== undefined && agencyHeader !== own.agencyId) throw forbidden();
    return { agencyId: own.agencyId, advertiserId: own.id };
  }
  if (p.kind === 'agency') {
    const own = profile?.agency;
    if (!own) throw forbidden();
    if (agencyHeader !== undefined && agencyHeader !== own.id) throw forbidden();
    if (
      advertiserHeader !== undefined &&
      !(await deps.access.advertiserBelongsToAgency(deps.db, advertiserHeader, own.id))
    )
      throw forbidden();
    return { agencyId: own.id, advertiserId: advertiserHeader ?? null };
  }
  if (agencyHeader !== undefined && !(await deps.access.organisationExists(deps.db, 'agency', agencyHeader)))
    throw notFound();
  if (
    advertiserHeader !== undefined &&
    !(await deps.access.organisationExists(deps.db, 'advertiser', advertiserHeader))
  )
    throw notFound();
  return { agencyId: agencyHeader ?? null, advertiserId: advertiserHeader ?? null };
}

export function isAllowed(p: Principal, permission: RouteAccess): boolean {
  if (permission === 'public' || permission === 'authenticated') return true;
  if (p.kind !== permission.kind) return false;
  if (permission.refuseServiceUsers && p.profile?.type === 'service') return false;
  if (!permission.permission) return true;
  if (p.profile?.role.slug === LOCAL_ADMIN_ROLE) return true;
  return grants(p.permissions, permission.permission[0], permission.permission[1]);
}

/**
 * Loads the principal of the bearer token, or of a download link; used before the maintenance
 * check. A download link's token in the header is not a session token: it finds no principal.
 */
export function registerPrincipal(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('principal', null);
  // Null until the hook below sets it: Fastify's types take a null start only with a dependency list.
  app.decorateRequest('organisation', null, []);
  app.addHook('onRequest', async (request) => {
    request.organisation = { agencyId: null, advertiserId: null };
    const token = bearerToken(request);
    if (!token) {
      const linkToken = downloadLinkToken(request);
      const path = linkToken && downloadPathOf(request.url);
      if (linkToken && path)
        request.principal = await deps.access.principalOfDownloadLink(deps.db, linkToken, path);
      return;
    }
    request.principal = await principalOfToken(deps, token);
  });
}

/** The principal of a bearer token (cached for a few seconds), or null when it is none. */
async function principalOfToken(deps: AppDeps, token: string): Promise<Principal | null> {
  const key = deps.access.sessionKey(token);
  const cached = deps.principals.get(key);
  if (cached) return cached;
  const principal = await deps.access.principalOfSession(deps.db, key);
  if (principal) deps.principals.set(key, principal);
  return principal;
}

/**
 * Whether the request's bearer token still admits it to its route: a long-lived response (a
 * stream of server-sent events) asks again from time to time, so a logout, an expiry or a lost
 * permission ends it.
 */
export async function stillAllowed(deps: AppDeps, request: FastifyRequest): Promise<boolean> {
  const access = request.routeOptions.config?.access;
  const token = bearerToken(request);
  if (!access || !token) return false;
  const principal = await principalOfToken(deps, token);
  return principal !== null && isAllowed(principal, access);
}

/** Function- and object-level access control for every route (DESIGN.md section 8). */
export function registerAccessControl(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const p = request.principal;
    if (!p) throw unauthenticated();
    if (!isAllowed(p, access)) throw forbidden();
    request.organisation = await resolveOrganisation(deps, request, p);
  });
}

/** The signed-in agency user's agency, of a route that declared agency access. */
export function ownAgencyId(request: FastifyRequest): number {
  const agencyId = request.organisation.agencyId;
  if (agencyId === null) throw forbidden();
  return agencyId;
}

/** The signed-in advertiser user's advertiser, of a route that declared advertiser access. */
export function ownAdvertiserId(request: FastifyRequest): number {
  const advertiserId = request.organisation.advertiserId;
  if (advertiserId === null) throw forbidden();
  return advertiserId;
}

/** An organisation of the agency or advertiser panel: data that belongs to it names one of them. */
export type OrganisationRef = { agencyId: number } | { advertiserId: number };

/**
 * The organisation of the signed-in agency or advertiser user, from the token (an advertiser-id
 * header an agency user sends does not make the data the advertiser's).
 */
export function ownOrganisationOf(kind: 'agency' | 'advertiser', request: FastifyRequest): OrganisationRef {
  return kind === 'agency' ? { agencyId: ownAgencyId(request) } : { advertiserId: ownAdvertiserId(request) };
}

/** The principal of a route that declared `{kind}` access (the access hook guarantees it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}
