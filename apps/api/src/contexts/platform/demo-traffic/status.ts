import { type DemoTrafficFailure, type DemoTrafficStatus, toApiDateTime } from '@rtb/shared';
import type { CallFailure, TrafficHealth } from '@rtb/simulator';

/** Reads the demo traffic's health: null while the process runs none. */
export type DemoTrafficHealth = () => TrafficHealth | null;

/** The demo traffic's health as the contract says it (API datetimes). */
export function demoTrafficStatusOf(health: TrafficHealth | null): DemoTrafficStatus {
  if (!health) return { running: false };
  return {
    running: true,
    rate: health.rate,
    sent: health.sent,
    bids: health.bids,
    calls: health.calls,
    failing: health.failing,
    failures: health.failures.map(failureOf),
    lastFailure: health.lastFailure && failureOf(health.lastFailure),
  };
}

function failureOf(failure: CallFailure): DemoTrafficFailure {
  return {
    what: failure.what,
    url: failure.url,
    cause: failure.cause,
    status: failure.status,
    reason: failure.reason,
    firstAt: toApiDateTime(new Date(failure.firstAt)),
    lastAt: toApiDateTime(new Date(failure.lastAt)),
    count: failure.count,
  };
}
