import { once } from 'node:events';
import type { Server } from 'node:http';
import { REQUEST_TIMEOUT_MS } from '@rtb/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { boundedServer, type ServerLimits } from './http-server';
import { type RawConnection, rawConnection, within } from './testing/processes';

/*
 * Slow clients against a real server (raw sockets): a body that never completes and headers sent
 * a line at a time are cut by the server, however many at once. The limits are the production
 * ones shortened (1 s); the bounds the tests wait within are liveness bounds, not timings.
 */

const CUT_WITHIN_MS = 20_000;
const short: ServerLimits = { requestMs: 1_000, headersMs: 1_000, keepAliveMs: 5_000 };

let server: Server | null = null;
const connections: RawConnection[] = [];
const timers: NodeJS.Timeout[] = [];

afterEach(async () => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const connection of connections.splice(0)) connection.socket.destroy();
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = null;
  }
});

/** A bounded server (the production limits unless given) that reads each body, then answers 200 with its length. */
async function listening(limits?: ServerLimits): Promise<number> {
  server = boundedServer((req, res) => {
    let length = 0;
    req.on('data', (chunk: Buffer) => {
      length += chunk.length;
    });
    req.on('end', () => res.end(String(length)));
  }, limits);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

async function connected(port: number): Promise<RawConnection> {
  const connection = await rawConnection(port);
  connections.push(connection);
  return connection;
}

/** The start of a POST announcing 100 bytes of body, one byte of which is sent. */
const bodyStart = 'POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 100\r\n\r\n0';

/** Sends `line(i)` every 100 ms until the connection is closed: never silent, never done. */
function drip(client: RawConnection, line: (i: number) => string) {
  let i = 0;
  timers.push(
    setInterval(() => {
      if (!client.socket.destroyed) client.socket.write(line(i++));
    }, 100),
  );
}

/** The status line of what the server sent before it closed ('' when it sent nothing). */
const statusLine = (answer: string) => answer.slice(0, Math.max(0, answer.indexOf('\r\n')));

const REQUEST_TIMEOUT = 'HTTP/1.1 408 Request Timeout';

describe('boundedServer', () => {
  it('has the production limits unless told otherwise', async () => {
    await listening();
    expect(server).toMatchObject({
      requestTimeout: REQUEST_TIMEOUT_MS,
      headersTimeout: 10_000,
      keepAliveTimeout: 5_000,
      timeout: REQUEST_TIMEOUT_MS,
    });
  });

  it('answers a whole request', async () => {
    const port = await listening(short);
    const client = await connected(port);
    client.socket.end(
      'POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc',
    );
    const answer = await within(client.closed, CUT_WITHIN_MS, 'the answer');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n3$/);
  });

  it('answers 408 to a body that keeps coming and never completes, and closes its connection', async () => {
    const port = await listening(short);
    const client = await connected(port);
    client.socket.write(bodyStart);
    drip(client, () => '1');
    const answer = await within(client.closed, CUT_WITHIN_MS, 'the slow body cut');
    expect(statusLine(answer)).toBe(REQUEST_TIMEOUT);
  });

  it('closes the connection of a body that stalls half-way', async () => {
    const port = await listening(short);
    const client = await connected(port);
    client.socket.write(bodyStart);
    // Silent, it is cut by the request limit (408) or as an idle socket (nothing sent).
    const answer = await within(client.closed, CUT_WITHIN_MS, 'the stalled body cut');
    expect(['', REQUEST_TIMEOUT]).toContain(statusLine(answer));
  });

  it('closes 200 half-sent bodies at once', async () => {
    const port = await listening(short);
    const clients = await Promise.all(Array.from({ length: 200 }, () => connected(port)));
    // Half of them stall, half keep sending a byte at a time.
    const dripping = clients.filter((_, i) => i % 2);
    for (const client of clients) client.socket.write(bodyStart);
    for (const client of dripping) drip(client, () => '1');
    const answers = await within(
      Promise.all(clients.map((client) => client.closed)),
      CUT_WITHIN_MS * 2,
      'the 200 half-sent bodies cut',
    );
    expect(new Set(answers.filter((_, i) => i % 2).map(statusLine))).toEqual(new Set([REQUEST_TIMEOUT]));
    for (const answer of answers) expect(['', REQUEST_TIMEOUT]).toContain(statusLine(answer));
  });

  it('closes a connection whose headers come a line at a time (headersTimeout)', async () => {
    // The whole request may take a minute: only the headers' own limit can cut this client, which
    // is never silent long enough for the idle one either.
    const port = await listening({ ...short, requestMs: 60_000 });
    const client = await connected(port);
    client.socket.write('GET / HTTP/1.1\r\nHost: test\r\n');
    drip(client, (i) => `X-Slow-${i}: x\r\n`);
    const answer = await within(client.closed, CUT_WITHIN_MS, 'the slow headers cut');
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });
});
