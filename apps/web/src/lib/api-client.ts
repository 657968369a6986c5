import { type ErrorIssue, type ErrorParams, IDEMPOTENCY_KEY_HEADER, REQUEST_TIMEOUT_MS } from '@rtb/shared';
import {
  type AnyRoute,
  type BodyOf,
  type PathParamNames,
  type PathParams,
  pathOf,
  type QueryOf,
  type ResponseOf,
} from '@rtb/shared/contract';
import { cookies } from './storage';
import { sendWithProgress, type UploadProgress } from './upload-progress';

/** Every failed call becomes this shape (spec section 8). */
export interface ApiError {
  originalError: unknown;
  statusText: string;
  code: number;
  message: string;
  validationErrors: Record<string, string[]>;
  /** The body's stable code (the text to show comes from it, `errorText`), when the API sent one. */
  error?: string;
  params?: ErrorParams;
  /** The fields' errors by code, in the order of `validationErrors`. */
  issues?: Record<string, ErrorIssue[]>;
  apiError: boolean;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'apiError' in value && 'validationErrors' in value;
}

type Listener = (status: number, error: string | undefined) => void;
const listeners = new Set<Listener>();

/** Called with the status and error code (`error`) of every response (the maintenance banner listens). */
export function onApiResponse(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const sessionListeners = new Set<() => void>();

/**
 * Called when the server refuses the stored token (401 to a call that carried it): the session
 * expired or was revoked. A call made with a token since replaced (log in as, return) does not count.
 */
export function onSessionRejected(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

function reportRejectedSession(status: number, headers: Record<string, string>): void {
  const sent = headers.authorization;
  if (status === 401 && sent && sent === `Bearer ${cookies.get('authToken')}`) {
    for (const listener of sessionListeners) listener();
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  formData?: FormData;
  /** Send PUT/PATCH/DELETE as themselves instead of POST with `_method`. */
  forceMethod?: boolean;
  signal?: AbortSignal;
  /** The key of a call that must happen once (money, a copy): a retry with it is answered once (DESIGN.md 'Money'). */
  idempotencyKey?: string;
  /** Reports how much of the body has been sent (sent through XMLHttpRequest, which tells it). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export type { UploadProgress };

/**
 * What `call` takes for a route of the shared contract: its path parameters (when it has any),
 * its query and JSON body typed by the route's schemas (a multipart route takes form data), and
 * the call's options.
 */
export type CallInput<R extends AnyRoute> = ([PathParamNames<R['path']>] extends [never]
  ? { path?: undefined }
  : { path: PathParams<R> }) &
  (R extends { query: object } ? { query?: QueryOf<R> } : { query?: undefined }) &
  (R extends { body: 'multipart' }
    ? { formData: FormData }
    : R extends { body: object }
      ? { body: BodyOf<R> }
      : { body?: undefined }) &
  Pick<RequestOptions, 'signal' | 'idempotencyKey' | 'onUploadProgress' | 'forceMethod'>;

/** What `call` does with any route's input. */
type LooseCallInput = Omit<RequestOptions, 'params'> & {
  path?: Partial<Record<string, string | number>>;
  query?: unknown;
};

/** The input is optional for a route that needs none (no path parameters, no body). */
type CallArgs<R extends AnyRoute> =
  object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

export interface ApiClientOptions {
  baseUrl?: string;
  /** Send the stored `agency-id`/`advertiser-id` headers. */
  contextHeaders: boolean;
}

const BASE_URL = '/api';

function queryString(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

function normalise(originalError: unknown, status: number, body: unknown, fallback: string): ApiError {
  const data = (typeof body === 'object' && body !== null ? body : {}) as {
    message?: unknown;
    errors?: unknown;
    error?: unknown;
    params?: unknown;
    issues?: unknown;
  };
  const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
  return {
    originalError,
    statusText: status ? String(status) : 'ERROR',
    code: status,
    message: typeof data.message === 'string' ? data.message : fallback,
    validationErrors:
      typeof data.errors === 'object' && data.errors !== null
        ? (data.errors as Record<string, string[]>)
        : {},
    ...(typeof data.error === 'string' ? { error: data.error } : {}),
    ...(isObject(data.params) ? { params: data.params as ErrorParams } : {}),
    issues: isObject(data.issues) ? (data.issues as Record<string, ErrorIssue[]>) : {},
    apiError: status > 0,
  };
}

/**
 * The failure of a call that never reached the API (no connection), or of code the call needed
 * that did not load (a chunk loaded on demand).
 */
export const communicationError = (cause: unknown): ApiError =>
  normalise(cause, 0, null, 'Communication error');

/** A JSON client for `/api` (spec section 7 'General behaviour'). */
export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? BASE_URL;

  /** The token, the organisation headers (panels client) and the call's idempotency key. */
  function headersOf(accept: string, opts: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = { accept };
    const token = cookies.get('authToken');
    if (token) headers.authorization = `Bearer ${token}`;
    if (opts.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = opts.idempotencyKey;
    if (options.contextHeaders && !options.baseUrl) {
      const agencyId = cookies.get('agencyId');
      const advertiserId = cookies.get('advertiserId');
      if (agencyId) headers['agency-id'] = agencyId;
      if (advertiserId) headers['advertiser-id'] = advertiserId;
    }
    return headers;
  }

  async function request(method: Method, path: string, opts: RequestOptions = {}): Promise<unknown> {
    const headers = headersOf('application/json', opts);

    const overridden = method !== 'GET' && method !== 'POST' && !opts.forceMethod;
    let body: FormData | string | undefined;
    if (opts.formData) {
      if (overridden) opts.formData.set('_method', method);
      body = opts.formData;
    } else if (method !== 'GET') {
      headers['content-type'] = 'application/json';
      const payload = (opts.body ?? {}) as Record<string, unknown>;
      body = JSON.stringify(overridden ? { ...payload, _method: method } : payload);
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    opts.signal?.addEventListener('abort', () => controller.abort());
    const url = `${baseUrl}${path}${method === 'GET' ? queryString(opts.params) : ''}`;
    const init = { method: overridden ? 'POST' : method, headers, body, signal: controller.signal };
    let response: { status: number; text: () => Promise<string> };
    try {
      response = opts.onUploadProgress
        ? await sendWithProgress(url, init, opts.onUploadProgress)
        : await fetch(url, init);
    } catch (error) {
      const failure = communicationError(error);
      console.warn('API call failed', method, path, failure);
      throw failure;
    } finally {
      clearTimeout(timer);
    }

    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    const error = (parsed as { error?: string } | null)?.error;
    for (const listener of listeners) listener(response.status, error);
    reportRejectedSession(response.status, headers);
    if (response.status < 200 || response.status > 299) {
      // The parsed body is the original error of an HTTP failure (it may carry extra fields).
      const failure = normalise(parsed ?? response, response.status, parsed, 'Communication error');
      console.warn('API call failed', method, path, failure);
      throw failure;
    }
    return parsed;
  }

  /**
   * A GET with the same headers as any call, answered as the Response with its body unread;
   * a failure (no answer, or a status outside 2xx, its JSON body read) is an ApiError. The
   * timeout covers the wait for the response's head only: a stream's body may take forever.
   */
  async function openGet(
    path: string,
    accept: string,
    opts: Pick<RequestOptions, 'params' | 'signal'> & { headers?: Record<string, string> },
  ): Promise<Response> {
    const headers = { ...headersOf(accept, opts), ...opts.headers };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    if (opts.signal?.aborted) controller.abort();
    opts.signal?.addEventListener('abort', () => controller.abort());
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}${queryString(opts.params)}`, {
        method: 'GET',
        headers,
        signal: controller.signal,
      });
    } catch (error) {
      throw communicationError(error);
    } finally {
      clearTimeout(timer);
    }
    reportRejectedSession(response.status, headers);
    if (response.ok) {
      for (const listener of listeners) listener(response.status, undefined);
      return response;
    }
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }
    const error = (parsed as { error?: string } | null)?.error;
    for (const listener of listeners) listener(response.status, error);
    const failure = normalise(parsed ?? response, response.status, parsed, 'Communication error');
    console.warn('API call failed', 'GET', path, failure);
    throw failure;
  }

  /**
   * GETs a file (a PDF, an attachment) with the same headers as any call: the API takes the
   * token from the authorization header only, never from a URL. A failure is an ApiError.
   */
  async function download(path: string, opts: Pick<RequestOptions, 'params' | 'signal'> = {}): Promise<Blob> {
    return (await openGet(path, '*/*', opts)).blob();
  }

  /**
   * Opens a server-sent event stream (`text/event-stream`) with the token and organisation
   * headers, which EventSource cannot send; `lib/event-stream.ts` reads it. `headers` adds
   * the stream's own (Last-Event-ID). A refusal is an ApiError.
   */
  function stream(
    path: string,
    opts: { signal: AbortSignal; headers?: Record<string, string> },
  ): Promise<Response> {
    return openGet(path, 'text/event-stream', opts);
  }

  /**
   * Calls a route of the shared contract (`contract` in @rtb/shared/contract): fills in its path, sends
   * the query (in the URL, whatever the method) and the body as any call does, and answers with
   * the response schema's type. The answer is not parsed again: the API checked it against that
   * schema before sending it, and the web is built and served with the API.
   */
  function call<R extends AnyRoute>(route: R, ...input: CallArgs<R>): Promise<ResponseOf<R>>;
  async function call(route: AnyRoute, input: LooseCallInput = {}): Promise<unknown> {
    const { path, query, ...options } = input;
    return request(route.method, `${pathOf(route, path)}${queryString(query)}`, options);
  }

  return { call, download, stream };
}

/** With the organisation headers: the panels' client. */
export const api = createApiClient({ contextHeaders: true });
/** Without them: account pages and public data. */
export const publicApi = createApiClient({ contextHeaders: false });
