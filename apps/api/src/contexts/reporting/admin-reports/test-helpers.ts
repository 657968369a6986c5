import type { TestApp } from '../../../test/harness';
import { type ReportWorker, startReportWorker } from './worker';

const silent = { info() {}, warn() {}, error() {} };

/** A report worker on the test app that runs only when asked (`runOnce`). */
export function testReportWorker(t: TestApp, options: { leaseMs?: number } = {}): ReportWorker {
  return startReportWorker({ deps: t.deps, log: silent, timer: false, ...options });
}
