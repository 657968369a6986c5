import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openApiPath } from './open-api-path';
import { cookies } from './storage';

const calls: { url: string; init: RequestInit }[] = [];
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status });
    }),
  );
}

/** The tab `window.open` gives, and the order things happened in. */
function fakeTab() {
  const events: string[] = [];
  const tab = {
    opener: window as unknown,
    location: { href: 'about:blank' },
    close: vi.fn(() => events.push('closed')),
  };
  const open = vi.spyOn(window, 'open').mockImplementation(() => {
    events.push(calls.length ? 'opened after the request' : 'opened before the request');
    return tab as unknown as Window;
  });
  return { tab, open, events };
}

beforeEach(() => {
  calls.length = 0;
  cookies.set('authToken', 'session-token');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  cookies.remove('authToken');
});

describe('openApiPath', () => {
  it('opens the tab at once, asks for a link with the header token, and sends the tab to the link', async () => {
    const { tab, open, events } = fakeTab();
    answer(200, { data: { url: '/api/advertiser/invoices/5/pdf?authorization=link-token' } });
    await openApiPath('/advertiser/invoices/5/pdf');

    expect(events).toEqual(['opened before the request']);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/advertiser/download-links');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer session-token' });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ path: '/api/advertiser/invoices/5/pdf' });
    expect(tab.location.href).toBe(
      `${window.location.origin}/api/advertiser/invoices/5/pdf?authorization=link-token`,
    );
    // The session token never goes into a URL.
    expect(tab.location.href).not.toContain('session-token');
  });

  it('closes the tab and rethrows when the link is refused', async () => {
    const { tab, events } = fakeTab();
    answer(404, { message: 'Not found.', code: 404 });
    await expect(openApiPath('/agency/file-uploads/9/download')).rejects.toMatchObject({ code: 404 });
    expect(calls[0]?.url).toBe('/api/agency/download-links');
    expect(events).toEqual(['opened before the request', 'closed']);
    expect(tab.location.href).toBe('about:blank');
  });
});
