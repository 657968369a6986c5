import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorFailure, FAILING_WINDOW_MS, statusFailure, TrafficHealthTracker } from './health';

const WIN = 'http://localhost:8080/rtb/win?t=secret-token&p=1.23';
const BILL = 'http://localhost:8080/rtb/bill?t=other-token';
const refused = { cause: 'refused', status: null, reason: 'connect ECONNREFUSED 127.0.0.1:8080' } as const;

function tracker() {
  const told: string[] = [];
  let now = 1_700_000_000_000;
  const health = new TrafficHealthTracker(
    (message) => told.push(message),
    () => now,
  );
  return {
    health,
    told,
    at: (ms: number) => {
      now += ms;
    },
    read: () => health.health({ rate: 2, sent: 10, bids: 5 }),
  };
}

describe('the traffic health', () => {
  it('is healthy before anything failed', () => {
    const t = tracker();
    t.health.ok('bid_request');
    expect(t.read()).toEqual({
      rate: 2,
      sent: 10,
      bids: 5,
      calls: { ok: 1, failed: 0 },
      failing: false,
      failures: [],
      lastFailure: null,
    });
    expect(t.told).toEqual([]);
  });

  it('tells the first failure of a kind at once, then counts the same reason without telling it again', () => {
    const t = tracker();
    t.health.failed('win_notice', WIN, refused);
    expect(t.told).toEqual([
      'win notice to http://localhost:8080/rtb/win failed: connect ECONNREFUSED 127.0.0.1:8080',
    ]);
    const first = t.read().lastFailure?.firstAt;
    t.at(1_500);
    t.health.failed('win_notice', WIN, refused);
    t.health.failed('win_notice', WIN, refused);
    expect(t.told).toHaveLength(1);
    expect(t.read()).toMatchObject({
      calls: { ok: 0, failed: 3 },
      failing: true,
      lastFailure: {
        what: 'win_notice',
        url: 'http://localhost:8080/rtb/win',
        cause: 'refused',
        status: null,
        reason: 'connect ECONNREFUSED 127.0.0.1:8080',
        firstAt: first,
        lastAt: (first ?? 0) + 1_500,
        count: 3,
      },
    });
  });

  it('tells each kind, and a kind again when its reason changes (starting its count anew)', () => {
    const t = tracker();
    t.health.failed('win_notice', WIN, refused);
    t.health.failed('billing_notice', BILL, statusFailure(503));
    t.health.failed('billing_notice', BILL, statusFailure(503));
    t.health.failed('billing_notice', BILL, statusFailure(500));
    t.health.failed('billing_notice', BILL, statusFailure(503));
    expect(t.told).toEqual([
      'win notice to http://localhost:8080/rtb/win failed: connect ECONNREFUSED 127.0.0.1:8080',
      'billing notice to http://localhost:8080/rtb/bill failed: HTTP 503',
      'billing notice to http://localhost:8080/rtb/bill failed: HTTP 500',
      'billing notice to http://localhost:8080/rtb/bill failed: HTTP 503',
    ]);
    const { failures, lastFailure } = t.read();
    expect(failures.map((f) => [f.what, f.reason, f.count])).toEqual([
      ['win_notice', 'connect ECONNREFUSED 127.0.0.1:8080', 1],
      ['billing_notice', 'HTTP 503', 1],
    ]);
    expect(lastFailure).toMatchObject({ what: 'billing_notice', cause: 'http_status', status: 503 });
  });

  it('keeps neither the query nor the user of a URL', () => {
    const t = tracker();
    t.health.failed('conversion', 'https://user:pass@shop.example.com:8443/rtb/conversion?adv=4#x', refused);
    expect(t.read().lastFailure?.url).toBe('https://shop.example.com:8443/rtb/conversion');
    expect(t.told.join()).not.toMatch(/user|pass|adv=|token/);
  });

  it('the latest failure is the one that happened last, even of a kind that failed before', () => {
    const t = tracker();
    t.health.failed('win_notice', WIN, refused);
    t.health.failed('impression', 'http://localhost:8080/rtb/imp?t=x', statusFailure(404));
    t.health.failed('win_notice', WIN, refused);
    expect(t.read().lastFailure).toMatchObject({ what: 'win_notice', count: 2 });
  });

  it('a success of the kind ends its failing; another kind succeeding does not', () => {
    const t = tracker();
    t.health.failed('win_notice', WIN, refused);
    t.health.ok('loss_notice');
    expect(t.read().failing).toBe(true);
    t.health.ok('win_notice');
    const after = t.read();
    expect(after.failing).toBe(false);
    expect(after.failures).toEqual([]);
    // What went wrong last stays readable.
    expect(after.lastFailure).toMatchObject({ what: 'win_notice', count: 1 });
    t.health.failed('win_notice', WIN, refused);
    expect(t.read()).toMatchObject({ failing: true, lastFailure: { count: 2 } });
  });

  it('a failure older than the window without a new one is no longer failing', () => {
    const t = tracker();
    t.health.failed('win_notice', WIN, refused);
    t.at(FAILING_WINDOW_MS);
    expect(t.read().failing).toBe(true);
    t.at(1);
    expect(t.read()).toMatchObject({ failing: false, failures: [], lastFailure: { what: 'win_notice' } });
  });

  it('names why a request got no answer: refused, host not found, timeout', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refusal = await fetch(`http://127.0.0.1:${port}/rtb/win`).catch((error: unknown) => error);
    expect(errorFailure(refusal)).toEqual({
      cause: 'refused',
      status: null,
      reason: `connect ECONNREFUSED 127.0.0.1:${port}`,
    });
    // fetch's wrapping of a failed name lookup (asking a resolver would make the test depend on one).
    const lookup = Object.assign(new Error('getaddrinfo ENOTFOUND shop.invalid'), { code: 'ENOTFOUND' });
    expect(errorFailure(new TypeError('fetch failed', { cause: lookup }))).toEqual({
      cause: 'unreachable',
      status: null,
      reason: 'getaddrinfo ENOTFOUND shop.invalid',
    });
    const timeout = await fetch(`http://127.0.0.1:${port}/`, {
      signal: AbortSignal.abort(new DOMException('late', 'TimeoutError')),
    }).catch((error: unknown) => error);
    expect(errorFailure(timeout)).toEqual({ cause: 'timeout', status: null, reason: 'timeout' });
  });
});
