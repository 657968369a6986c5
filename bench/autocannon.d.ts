// The part of autocannon's API that the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Runs the load generator in worker threads instead of this process's event loop. */
    workers?: number;
    warmup?: { connections?: number; duration?: number };
    /** Requests per second over all connections (a fixed rate instead of as fast as possible). */
    overallRate?: number;
    /** Requests cycled through by each connection; `setupRequest` may change one before it is sent. */
    requests?: RequestSpec[];
  }

  interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** `context` is the connection's: kept from a request's setup until its response. */
    setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  /** Percentiles keyed p50, p99 and so on; `average` is the mean. */
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Milliseconds. */
    latency: Histogram;
    /** Requests per one-second sample; `total` counts completed requests. */
    requests: Histogram & { sent: number };
  }

  export default function autocannon(options: Options): Promise<Result>;
}
