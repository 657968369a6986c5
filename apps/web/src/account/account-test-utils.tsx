import { type AccountKind, issueOfText, type MeDto } from '@rtb/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { useProfile } from '../auth/profile-context';
import { renderWithApp } from '../test/render';

/** One request the page made: the real method (after `_method`), the path, query, body and headers. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

export type Reply = readonly [status: number, body?: unknown];
/** A reply, or a whole Response (a stream, a file). */
export type Handler = Reply | ((call: Call) => Reply | Response);

/**
 * A hand-written error body as the API sends it: a text of the error table gets its code
 * (`error`, `params`, `issues`), as the API's errorBody gives it; a body that names its code is
 * left as it is.
 */
function asTheApiSends(status: number, payload: unknown): unknown {
  if (status < 400 || typeof payload !== 'object' || payload === null || 'error' in payload) return payload;
  const body = payload as { message?: unknown; errors?: Record<string, string[]> };
  const own = typeof body.message === 'string' ? issueOfText(body.message) : null;
  // A field's issues follow its texts one to one, so a field with a text of no code gets none.
  const issues = body.errors
    ? Object.fromEntries(
        Object.entries(body.errors)
          .map(([field, texts]) => [field, texts.map((text) => issueOfText(text))] as const)
          .filter(([, found]) => found.every((issue) => issue !== null)),
      )
    : undefined;
  return {
    ...body,
    ...(own ? { error: own.code, ...(own.params ? { params: own.params } : {}) } : {}),
    ...(issues ? { issues } : {}),
  };
}

/**
 * Stubs `fetch` with answers keyed by 'METHOD /path' (without /api); the calls are recorded.
 * An unknown request answers 404, so a test sees it.
 */
export function stubApi(handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      // A multipart upload's fields and files, or the JSON body.
      const body =
        init.body instanceof FormData
          ? Object.fromEntries(init.body.entries())
          : init.body
            ? (JSON.parse(String(init.body)) as Record<string, unknown>)
            : undefined;
      const [pathname = '', search = ''] = url.replace(/^\/api/, '').split('?');
      const method = String(body?._method ?? init.method ?? 'GET');
      const headers = { ...(init.headers as Record<string, string> | undefined) };
      const call: Call = { method, path: pathname, query: new URLSearchParams(search), body, headers };
      calls.push(call);
      const handler = handlers[`${method} ${pathname}`];
      const reply = !handler
        ? ([404, { message: 'Not Found', code: 404 }] as const)
        : typeof handler === 'function'
          ? handler(call)
          : handler;
      if (reply instanceof Response) return reply;
      const [status, payload] = reply;
      const sent = asTheApiSends(status, payload);
      return new Response(sent === undefined ? '' : JSON.stringify(sent), { status });
    }),
  );
  return calls;
}

/** fetch that never reaches a server. */
export function stubNetworkFailure() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
}

export const validationError = (errors: Record<string, string[]>): Reply => [
  422,
  { message: 'The form contains validation errors.', code: 422, errors },
];

export const maintenance: Reply = [
  503,
  { message: 'The system is currently under maintenance. Please try again later.', code: 503 },
];

/** Shows where the router went, and who is signed in, for navigation assertions. */
function Elsewhere() {
  const location = useLocation();
  const { profile } = useProfile();
  return (
    <div>
      <p data-testid="location">{location.pathname}</p>
      <p data-testid="profile">{profile?.login ?? 'none'}</p>
    </div>
  );
}

/** Renders a page at `path` (matched by `route`), with a query client; other paths show Elsewhere. */
export function renderPage(
  page: ReactElement,
  { path, route, profile = null }: { path: string; route?: string; profile?: MeDto | null },
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <Routes>
        <Route path={route ?? path.split('?')[0]} element={page} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </QueryClientProvider>,
    { path, profile },
  );
}

/** A signed-in account as the API describes it. */
export function makeMe(kind: AccountKind, overrides: Partial<MeDto> = {}): MeDto {
  const at = '2024-05-01 10:00:00';
  const profile = {
    id: 11,
    createdAt: at,
    updatedAt: at,
    locale: 'en',
    user: { id: 5, login: 'ewa@example.com', enabled: true },
    role: { id: 1, slug: 'admin', name: 'Admin' },
    firstName: 'Ewa',
    lastName: 'Nowak',
    email: 'ewa@example.com',
    phone: '+48 600 100 200',
    avatarColor: '#16a34a',
    avatarInitials: 'EN',
  };
  return {
    id: 5,
    createdAt: at,
    updatedAt: at,
    login: 'ewa@example.com',
    enabled: true,
    emailVerified: true,
    locale: 'en',
    hasSourceUser: false,
    hasPassword: true,
    role: kind,
    localRole: 'admin',
    nameDisplay: 'Ewa Nowak',
    permissions: [],
    adminUser: kind === 'admin' ? profile : null,
    agencyUser:
      kind === 'agency'
        ? { ...profile, type: 'default', agencyId: 3, agency: { id: 3, name: 'Nowa Agencja' } }
        : null,
    advertiserUser:
      kind === 'advertiser'
        ? {
            ...profile,
            type: 'default',
            advertiserId: 4,
            advertiser: { id: 4, name: 'Demo Shop', agencyId: null },
          }
        : null,
    ...overrides,
  };
}

/** Types into a labelled field at once (a paste), which is much quicker than key by key. */
export async function fill(user: UserEvent, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}
