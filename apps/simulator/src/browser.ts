import type { SimulatedUser } from './users';

/** How long a tracker may take before the simulated browser gives up. */
const TRACKER_TIMEOUT_MS = 5000;

/**
 * A GET as the visitor's browser makes it: its user agent and IP, the cookies our trackers set
 * in it before (kept per visitor), redirects not followed (a click's landing page is the
 * outside world). Set-Cookie answers go back into the visitor's jar.
 */
export async function browserGet(url: string, user: SimulatedUser): Promise<Response> {
  return browserFetch(url, user);
}

/** A POST as the visitor's browser sends a beacon (text/plain), with the same cookie jar. */
export async function browserPost(url: string, user: SimulatedUser, body: string): Promise<Response> {
  return browserFetch(url, user, { method: 'POST', body, contentType: 'text/plain;charset=UTF-8' });
}

async function browserFetch(
  url: string,
  user: SimulatedUser,
  post?: { method: 'POST'; body: string; contentType: string },
): Promise<Response> {
  const cookies = [...user.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(url, {
    redirect: 'manual',
    signal: AbortSignal.timeout(TRACKER_TIMEOUT_MS),
    ...(post ? { method: post.method, body: post.body } : {}),
    headers: {
      'user-agent': user.device.ua,
      'x-forwarded-for': user.ip,
      ...(cookies ? { cookie: cookies } : {}),
      ...(post ? { 'content-type': post.contentType } : {}),
    },
  });
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const at = pair.indexOf('=');
    if (at > 0) user.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return response;
}

/** A notice from the exchange's servers (win, billing, loss): no cookies, no browser. */
export async function serverGet(url: string): Promise<Response> {
  return fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TRACKER_TIMEOUT_MS) });
}

/** Reads and drops a body, so the keep-alive connection is free for the next request. */
export async function drain(response: Response): Promise<void> {
  try {
    await response.arrayBuffer();
  } catch {
    // A body cut short changes nothing for the counters.
  }
}
