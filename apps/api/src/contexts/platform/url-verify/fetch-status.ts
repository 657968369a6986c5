import type { CallTracker } from '../external-apis/track-call';
import { guardedFetch } from './guarded-fetch';

export interface ProbeResult {
  status: number;
  finalUrl: string;
}

export interface ProbeOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  maxRedirects?: number;
  /** Times and logs each request (the external-API log). */
  track: CallTracker;
}

/**
 * Asks the URL for its status (HEAD, then GET where HEAD is refused), following redirects;
 * all of it within `timeoutMs`.
 */
export async function probeUrl(input: string, options: ProbeOptions): Promise<ProbeResult> {
  const guarded = {
    ...options,
    deadline: Date.now() + options.timeoutMs,
    headers: { accept: 'text/html,*/*' },
  };
  let res = await guardedFetch(input, { ...guarded, method: 'HEAD' });
  res.body.resume();
  if (res.status === 405 || res.status === 501) {
    res = await guardedFetch(res.url, { ...guarded, method: 'GET' });
    res.body.resume();
  }
  return { status: res.status, finalUrl: res.url };
}
