import { type DemoTrafficCall, type DemoTrafficFailureCause, demoTrafficCalls } from '@rtb/shared';

/** A call an opportunity makes to the platform (the contract the admin's status reads lists them in their order). */
export type PlatformCall = DemoTrafficCall;

const callNames: Record<PlatformCall, string> = {
  bid_request: 'bid request',
  win_notice: 'win notice',
  billing_notice: 'billing notice',
  loss_notice: 'loss notice',
  impression: 'impression pixel',
  click: 'click',
  conversion: 'conversion',
};

/**
 * Why a call failed: an answer with an unexpected status, no answer in time, the connection
 * refused, the host not found or not reachable, or another network error.
 */
export type FailureCause = DemoTrafficFailureCause;

export interface Failure {
  cause: FailureCause;
  /** The answer's status (`http_status`), else null. */
  status: number | null;
  /** As the log says it: 'HTTP 503', 'connect ECONNREFUSED 127.0.0.1:8080'. */
  reason: string;
}

/** One kind of call failing for one reason: where to, since when, until when, how often. */
export interface CallFailure extends Failure {
  what: PlatformCall;
  /** Origin and path only: the query holds tokens and prices. */
  url: string;
  /** Epoch milliseconds. */
  firstAt: number;
  lastAt: number;
  count: number;
}

/** Whether the traffic reaches the platform; see `TrafficHealthTracker`. */
export interface TrafficHealth {
  /** Bid requests per second asked for. */
  rate: number;
  /** Bid requests sent, and bids received. */
  sent: number;
  bids: number;
  /** Calls to the platform that answered as expected, and that failed (a bid request's timeout is neither). */
  calls: { ok: number; failed: number };
  /** Some kind of call failed in the last minute and has not succeeded since. */
  failing: boolean;
  /** The kinds failing now, in the order of an opportunity. */
  failures: CallFailure[];
  /** The latest failure of any kind, failing now or not. */
  lastFailure: CallFailure | null;
}

/** How long a failure keeps its kind failing without a success. */
export const FAILING_WINDOW_MS = 60_000;

/** The answer's status as a failure. */
export function statusFailure(status: number): Failure {
  return { cause: 'http_status', status, reason: `HTTP ${status}` };
}

/** A request that got no answer: its timeout, or the network error under fetch's 'fetch failed'. */
export function errorFailure(error: unknown): Failure {
  if (isTimeout(error)) return { cause: 'timeout', status: null, reason: 'timeout' };
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (inner as { code?: unknown } | null)?.code;
  const message = inner instanceof Error ? inner.message : String(inner);
  const reason = message || (typeof code === 'string' ? code : 'network error');
  if (code === 'ECONNREFUSED') return { cause: 'refused', status: null, reason };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
    return { cause: 'unreachable', status: null, reason };
  return { cause: 'network', status: null, reason };
}

export function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** The URL without its query, user or fragment: what may be logged and shown. */
export function callUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/**
 * Keeps, per kind of call, whether its last call failed and its current failure (its reason, first and last
 * time, count). The first failure of a kind is told at once, and again only when its URL or
 * reason changes, so a run that cannot reach the platform says why in its first second.
 */
export class TrafficHealthTracker {
  /** Kinds whose last call failed. */
  private readonly unrecovered = new Set<PlatformCall>();
  private readonly current = new Map<PlatformCall, CallFailure>();
  private latest: CallFailure | null = null;
  private readonly counts = { ok: 0, failed: 0 };

  constructor(
    private readonly tell: (message: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  ok(what: PlatformCall): void {
    this.counts.ok += 1;
    this.unrecovered.delete(what);
  }

  failed(what: PlatformCall, url: string, failure: Failure): void {
    this.counts.failed += 1;
    this.unrecovered.add(what);
    const at = this.now();
    const where = callUrl(url);
    const known = this.current.get(what);
    if (known && known.url === where && known.reason === failure.reason) {
      known.lastAt = at;
      known.count += 1;
      // The same object may not be the latest: another kind may have failed since.
      this.latest = known;
      return;
    }
    const record: CallFailure = { what, url: where, ...failure, firstAt: at, lastAt: at, count: 1 };
    this.current.set(what, record);
    this.latest = record;
    this.tell(`${callNames[what]} to ${where} failed: ${failure.reason}`);
  }

  health(traffic: Pick<TrafficHealth, 'rate' | 'sent' | 'bids'>): TrafficHealth {
    const now = this.now();
    const failures = demoTrafficCalls.flatMap((what) => {
      const failure = this.current.get(what);
      const failing = failure && this.unrecovered.has(what) && now - failure.lastAt <= FAILING_WINDOW_MS;
      return failing ? [{ ...failure }] : [];
    });
    return {
      ...traffic,
      calls: { ...this.counts },
      failing: failures.length > 0,
      failures,
      lastFailure: this.latest ? { ...this.latest } : null,
    };
  }
}
