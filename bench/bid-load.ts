import autocannon, { type Result } from 'autocannon';

/**
 * A load generator of the bidder benches: autocannon posting `bodies` in turn to
 * `POST /openrtb2/bid` on the port, with `connections` for `seconds` (at `rate` requests a second
 * overall when given, else as fast as answered).
 */
export function bidLoad(options: { bodies: string[]; connections: number; seconds: number }) {
  let i = 0;
  const { bodies, connections, seconds } = options;
  return (port: number, rate?: number): Promise<Result> =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: seconds,
      ...(rate ? { overallRate: rate } : {}),
      requests: [
        {
          method: 'POST',
          path: '/openrtb2/bid',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: bodies[i++ % bodies.length] }),
        },
      ],
    });
}

/** Requests a second over the run. */
export const requestsPerSecond = (r: Result) => r.requests.total / r.duration;
