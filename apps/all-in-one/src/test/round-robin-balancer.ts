import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  port: number;
  /** How many requests each upstream port was handed. */
  handed: Map<number, number>;
  close(): Promise<void>;
}

/**
 * A load balancer in front of bidder processes, as an operator runs one (docs/operations.md,
 * 'N machines'): each request goes to the next upstream in turn over keep-alive connections, so
 * a bid and its notices may reach different processes. An upstream that fails answers 502.
 */
export async function roundRobinBalancer(upstreams: number[]): Promise<Balancer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const handed = new Map(upstreams.map((port) => [port, 0]));
  let next = 0;
  const server = http.createServer((req, res) => {
    const port = upstreams[next++ % upstreams.length] as number;
    handed.set(port, (handed.get(port) ?? 0) + 1);
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    handed,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
