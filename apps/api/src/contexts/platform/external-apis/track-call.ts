import type { ExternalApiService } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { redactUrl } from './redact-url';

const MAX_ERROR_LENGTH = 500;

/** One outgoing HTTP request, as the caller describes it. */
export interface ExternalRequest {
  method: string;
  url: string;
}

/** Runs an outgoing request and logs it; whatever HTTP client `perform` uses. */
export type CallTracker = <T extends { status: number }>(
  request: ExternalRequest,
  perform: () => Promise<T>,
) => Promise<T>;

/**
 * Every outgoing HTTP call of the platform goes through here: it is timed and logged (URL
 * redacted, status, duration, error) and its result or error passed on untouched. The log row
 * is written in the background, outside any transaction of the caller.
 */
export async function trackCall<T extends { status: number }>(
  deps: AppDeps,
  service: ExternalApiService,
  request: ExternalRequest,
  perform: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const entry = { service, method: request.method.toUpperCase(), url: redactUrl(request.url) };
  // The row is written later: its time and order are the call's end, not the write's.
  const ended = () => ({ durationMs: Math.round(performance.now() - started), createdAt: new Date() });
  try {
    const result = await perform();
    deps.externalCalls.record({ ...entry, ...ended(), statusCode: result.status, error: null });
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.externalCalls.record({
      ...entry,
      ...ended(),
      statusCode: null,
      error: (message || 'error').slice(0, MAX_ERROR_LENGTH),
    });
    throw error;
  }
}

/** `trackCall` bound to a service, for clients that take a tracker (e.g. the URL check). */
export const callTracker =
  (deps: AppDeps, service: ExternalApiService): CallTracker =>
  (request, perform) =>
    trackCall(deps, service, request, perform);
