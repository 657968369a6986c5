import { contract, route } from '@rtb/shared/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubXhrThroughFetch } from '../test/fake-xhr';
import { api, onApiResponse, onSessionRejected, publicApi } from './api-client';
import { cookies } from './storage';

/** Routes for what the client does with any call (the contract's own are in the last block). */
const anyAnswer = z.unknown();
const updateMe = route('PUT', '/admin/me', {
  body: z.object({ firstName: z.string() }),
  response: anyAnswer,
});
const locales = route('GET', '/locales', {
  query: z.object({ page: z.number(), q: z.string(), empty: z.string() }),
  response: anyAnswer,
});
const topUp = route('POST', '/advertiser/log-top-up-requests', {
  body: z.object({ amount: z.number() }),
  response: anyAnswer,
});
const getX = route('GET', '/x', { response: anyAnswer });
const postX = route('POST', '/x', { response: anyAnswer });
const deleteX = route('DELETE', '/x', { response: anyAnswer });

const calls: { url: string; init: RequestInit }[] = [];
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(body === undefined ? '' : JSON.stringify(body), { status });
    }),
  );
}

beforeEach(() => {
  calls.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const key of ['authToken', 'agencyId', 'advertiserId'] as const) cookies.remove(key);
});

describe('api client', () => {
  it('sends the bearer token and, in the panels client only, the organisation headers', async () => {
    cookies.set('authToken', 'tok');
    cookies.set('agencyId', '7');
    cookies.set('advertiserId', '9');
    answer(200, { data: {} });
    await api.call(contract.me.profile, { path: { panel: 'agency' } });
    await publicApi.call(contract.reference.locales);
    const [panel, open] = calls.map((c) => c.init.headers as Record<string, string>);
    expect(panel).toMatchObject({ authorization: 'Bearer tok', 'agency-id': '7', 'advertiser-id': '9' });
    expect(open).toMatchObject({ authorization: 'Bearer tok' });
    expect(open).not.toHaveProperty('agency-id');
  });

  it('sends PUT and DELETE as POST with _method, GET params in the query string', async () => {
    answer(200, { data: {} });
    await api.call(updateMe, { body: { firstName: 'A' } });
    await api.call(contract.auth.logout, { path: { panel: 'admin' } });
    await api.call(locales, { query: { page: 2, q: 'pl', empty: '' } });
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ firstName: 'A', _method: 'PUT' });
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ _method: 'DELETE' });
    expect(calls[2]?.url).toBe('/api/locales?page=2&q=pl');
  });

  it("sends a money call's Idempotency-Key header, and no such header otherwise", async () => {
    answer(200, { data: {} });
    await api.call(topUp, { body: { amount: 100 }, idempotencyKey: 'k-1' });
    await api.call(topUp, { body: { amount: 100 } });
    const [keyed, plain] = calls.map((c) => c.init.headers as Record<string, string>);
    expect(keyed).toMatchObject({ 'idempotency-key': 'k-1' });
    expect(plain).not.toHaveProperty('idempotency-key');
  });

  it('sends the method itself when forced', async () => {
    answer(200, { data: {} });
    await api.call(deleteX, { forceMethod: true });
    expect(calls[0]?.init.method).toBe('DELETE');
  });

  it('normalises failures and logs them as warnings', async () => {
    answer(422, {
      message: 'The form contains validation errors.',
      code: 422,
      errors: { 'user.email': ['bad'] },
    });
    const error = await api.call(postX).catch((e) => e);
    expect(error).toMatchObject({
      statusText: '422',
      code: 422,
      message: 'The form contains validation errors.',
      validationErrors: { 'user.email': ['bad'] },
      apiError: true,
    });
    expect(console.warn).toHaveBeenCalled();
  });

  it("gives 'Communication error' with statusText ERROR when the network fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await api.call(getX).catch((e) => e);
    expect(error).toMatchObject({
      statusText: 'ERROR',
      code: 0,
      message: 'Communication error',
      apiError: false,
    });
  });

  it('tells listeners the status and error code of every response', async () => {
    const seen: [number, string | undefined][] = [];
    const stop = onApiResponse((status, error) => seen.push([status, error]));
    answer(503, {
      message: 'The system is currently under maintenance. Please try again later.',
      code: 503,
      error: 'common.maintenance',
    });
    await api.call(getX).catch(() => {});
    stop();
    expect(seen).toEqual([[503, 'common.maintenance']]);
  });
  it('downloads a file as a blob with the token and organisation headers', async () => {
    cookies.set('authToken', 'tok');
    cookies.set('agencyId', '7');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } });
      }),
    );
    const blob = await api.download('/agency/invoices/3/pdf', { params: { download: '1' } });
    expect(await blob.text()).toBe('%PDF-1.4');
    expect(calls[0]?.url).toBe('/api/agency/invoices/3/pdf?download=1');
    expect(calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer tok', 'agency-id': '7' });
  });

  it('turns a failed download into an ApiError with the server message', async () => {
    answer(404, { message: 'Not Found', code: 404 });
    await expect(api.download('/agency/invoices/3/pdf')).rejects.toMatchObject({
      code: 404,
      message: 'Not Found',
      apiError: true,
    });
  });

  it('opens an event stream with the token, organisation and Last-Event-ID headers, the body unread', async () => {
    cookies.set('authToken', 'tok');
    cookies.set('advertiserId', '9');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response('data: x\n\n', { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const response = await api.stream('/advertiser/tag/events/live', {
      signal: new AbortController().signal,
      headers: { 'last-event-id': '41' },
    });
    expect(await response.text()).toBe('data: x\n\n');
    expect(calls[0]?.url).toBe('/api/advertiser/tag/events/live');
    expect(calls[0]?.init.headers).toEqual({
      accept: 'text/event-stream',
      authorization: 'Bearer tok',
      'advertiser-id': '9',
      'last-event-id': '41',
    });
  });

  it('turns a refused stream into an ApiError and tells listeners and the session watchers', async () => {
    cookies.set('authToken', 'tok');
    const seen: number[] = [];
    const stop = onApiResponse((status) => seen.push(status));
    const rejected = vi.fn();
    const stopWatching = onSessionRejected(rejected);
    answer(401, { message: 'Unauthenticated', code: 401 });
    const failure = await api
      .stream('/advertiser/tag/events/live', { signal: new AbortController().signal })
      .catch((error: unknown) => error);
    stop();
    stopWatching();
    expect(failure).toMatchObject({ code: 401, message: 'Unauthenticated', apiError: true });
    expect(seen).toEqual([401]);
    expect(rejected).toHaveBeenCalledTimes(1);
  });

  it('uploads with progress through XMLHttpRequest with the same headers, and the same errors', async () => {
    stubXhrThroughFetch();
    cookies.set('authToken', 'tok');
    cookies.set('advertiserId', '9');
    answer(422, {
      message: 'The form contains validation errors.',
      code: 422,
      errors: { file: ['Too big.'] },
    });
    const progress: number[] = [];
    const form = new FormData();
    form.set('file', new File(['x'], 'a.png'));
    const failure = await api
      .call(contract.banners.upload, {
        formData: form,
        onUploadProgress: ({ loaded, total }) => progress.push(loaded / total),
      })
      .catch((error: unknown) => error);
    expect(progress).toEqual([0.5, 1]);
    expect(calls[0]?.url).toBe('/api/advertiser/banners');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', body: form });
    expect(calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer tok', 'advertiser-id': '9' });
    expect(failure).toMatchObject({ code: 422, apiError: true, validationErrors: { file: ['Too big.'] } });
  });
});

describe('api.call (a route of the shared contract)', () => {
  it('fills in the path, sends the query in the URL and the body as any call, and gives the answer', async () => {
    answer(200, { data: { role: { id: 5, name: 'Viewers' } } });
    const saved = await api.call(contract.roles.update, {
      path: { id: 5 },
      body: { name: 'Viewers', permissions: [] },
    });
    await api.call(contract.roles.list, { query: { page: 2, search: 'ops', category: undefined } });
    await api.call(contract.roles.remove, { path: { id: 5 }, idempotencyKey: 'k-2' });
    expect(saved.data.role.name).toBe('Viewers');
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'POST /api/admin/roles/5',
      'GET /api/admin/roles?page=2&search=ops',
      'POST /api/admin/roles/5',
    ]);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      name: 'Viewers',
      permissions: [],
      _method: 'PUT',
    });
    expect(JSON.parse(String(calls[2]?.init.body))).toEqual({ _method: 'DELETE' });
    expect(calls[2]?.init.headers).toMatchObject({ 'idempotency-key': 'k-2' });
  });

  it('takes what the route says, typed by its schemas', async () => {
    answer(200, { data: {} });
    // @ts-expect-error: the role's id is missing
    await api.call(contract.roles.remove).catch(() => null);
    // @ts-expect-error: a body the schema does not take
    await api.call(contract.roles.create, { body: { name: 'No category', permissions: [] } });
    // @ts-expect-error: the list has no body
    await api.call(contract.roles.list, { body: {} });
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/roles', '/api/admin/roles']);
  });
});
