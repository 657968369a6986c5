import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@rtb/db';
import {
  freePort,
  type NodeProcess,
  type RawConnection,
  rawConnection,
  startNodeProcess,
  until,
  untilReady,
  within,
} from '@rtb/operations/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteRequest } from '../../bidder/src/test/exchange';
import { HttpExchange } from '../../bidder/src/test/http-exchange';

/*
 * `npm start` (apps/all-in-one/src/main.ts: the API, the bidder and the workers in one process, on an
 * embedded PGlite with the demo data) sent SIGTERM while an exchange bids and sends its notices
 * over keep-alive connections (docs/operations.md, 'Shutdown'). Besides the traffic, connections
 * opened before the signal: one idle keep-alive connection, one request whose body never comes,
 * and a /readyz and a bid request whose last bytes are sent once the server stopped accepting
 * connections (so they are read while it drains).
 */

const DRAIN_MS = 4_000;
/** Concurrent exchange loops (each bid's win and billing notices sent at once). */
const EXCHANGES = 6;
const CLEARING_CPM = '1.00';

/** Whether a new TCP connection to the port is refused (the server stopped listening). */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

/** One HTTP answer read off a raw connection: status, lower-cased headers, body. */
function parseAnswer(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n', 2);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('SIGTERM to `npm start` under exchange traffic', () => {
  let folder: string;
  let port: number;
  let started: NodeProcess;
  const raw: RawConnection[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rtb-shutdown-'));
    const webDist = join(folder, 'web');
    await mkdir(webDist);
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>RTB Panel</title>');
    port = await freePort();
    started = startNodeProcess('apps/all-in-one/src/main.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(folder, 'data'),
      DEMO_DATA: 'true',
      DEMO_TRAFFIC: 'false',
      DRAIN_TIMEOUT_MS: String(DRAIN_MS),
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
    });
    await untilReady(`http://127.0.0.1:${port}`, started);
  }, 240_000);

  afterAll(async () => {
    for (const connection of raw) connection.socket.destroy();
    await started?.kill();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  const opened = async () => {
    const connection = await rawConnection(port);
    raw.push(connection);
    return connection;
  };

  it('drains: no bid answered 5xx, readiness 503, connections closed, exit 0, every notice answered 200 recorded once', async () => {
    const exchange = new HttpExchange(port, CLEARING_CPM);
    exchange.start(EXCHANGES);
    try {
      await until(
        () => exchange.answered('bill').length >= 30,
        'thirty billed impressions before the signal',
        120_000,
      );

      // Connections a draining server finds open: a body that never completes, a /readyz and a
      // bid whose ends come once it drains, and (last, so the server has read the others) an idle
      // keep-alive connection that was used once.
      const halfSent = await opened();
      halfSent.socket.write(
        'POST /openrtb2/bid HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"id":',
      );
      const lateReadiness = await opened();
      lateReadiness.socket.write('GET /readyz HTTP/1.1\r\nHost: test\r\n');
      const lateBidBody = JSON.stringify(siteRequest({ id: 'late', user: { id: 'user-late' } }));
      const lateBid = await opened();
      lateBid.socket.write(
        `POST /openrtb2/bid HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(lateBidBody)}\r\n\r\n${lateBidBody.slice(0, 10)}`,
      );
      const idle = await opened();
      idle.socket.write('GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n');
      await until(() => idle.received().endsWith('ok\n'), 'the idle connection’s first answer', 30_000);
      const idleAnswer = idle.received();

      let running = true;
      const exited = started.exited.then((exit) => {
        running = false;
        return exit;
      });
      // What the exchange sent before this moment is on the wire before the signal (its writes
      // and connects are issued on the next tick): the server reads it before it drains.
      const signalledAt = Date.now();
      await new Promise(setImmediate);
      started.child.kill('SIGTERM');

      // Once a new connection is refused the server has stopped accepting: it drains.
      await until(() => refused(port), 'the server to stop accepting connections', 30_000);
      const drainingFrom = Date.now();
      expect(running, started.output()).toBe(true);
      lateReadiness.socket.write('\r\n');
      lateBid.socket.write(lateBidBody.slice(10));
      const readiness = parseAnswer(await within(lateReadiness.closed, 30_000, 'the late /readyz answer'));
      const lateBidAnswer = parseAnswer(await within(lateBid.closed, 30_000, 'the late bid answer'));

      const { code } = await within(exited, 30_000, 'the process to exit after SIGTERM');
      await exchange.stop();
      const idleClosed = await within(idle.closed, 5_000, 'the idle connection closed');
      const halfSentAnswer = await within(halfSent.closed, 5_000, 'the half-sent body’s connection closed');

      expect(code, started.output()).toBe(0);
      // Readiness said so while the process still answered; the bid was not bid on.
      expect(readiness.status).toBe(503);
      expect(JSON.parse(readiness.body)).toMatchObject({
        status: 'not_ready',
        checks: { shutdown: expect.any(String) },
      });
      expect(readiness.headers.connection).toBe('close');
      expect(lateBidAnswer).toMatchObject({
        status: 204,
        headers: { 'x-rtb-reason': 'draining', connection: 'close' },
      });
      // The idle connection got nothing more; the half-sent body no answer but a 408.
      expect(idleClosed).toBe(idleAnswer);
      expect(['', '408']).toContain(halfSentAnswer.slice(9, 12));

      // No bid request answered 5xx; a failed connection only once the process was told to stop.
      const bids = exchange.calls.filter((a) => a.kind === 'bid');
      expect(bids.filter((a) => a.status !== null && a.status >= 500)).toEqual([]);
      expect(bids.filter((a) => a.status === null && a.sentAt < signalledAt)).toEqual([]);
      // Every answer of the drain closes its connection.
      const duringDrain = exchange.calls.filter(
        (a) => a.status !== null && (a.reason === 'draining' || a.sentAt >= drainingFrom),
      );
      expect(duringDrain.filter((a) => a.connection !== 'close')).toEqual([]);

      // Every notice answered 200 (before or during the drain) is in the database once.
      const noticed = [...exchange.answered('win'), ...exchange.answered('bill')];
      expect(noticed.length).toBeGreaterThanOrEqual(30);
      const database = createDatabase({ dataDir: join(folder, 'data', 'pglite') });
      try {
        const { rows } = (await database.db.execute(sql`
          select event_key, count(*)::int as n from delivery_events group by event_key`)) as unknown as {
          rows: { event_key: string; n: number }[];
        };
        const counts = new Map(rows.map((row) => [row.event_key, row.n]));
        expect(noticed.filter((a) => counts.get(a.eventKey as string) !== 1)).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await started.kill();
      await exchange.close();
    }
  }, 240_000);
});

describe('SIGTERM to `npm start` while the demo waits for its shop feed', () => {
  it('drains and exits 0 (the handlers are set before the wait for the first import)', async () => {
    // The demo shop's feed URL answers nothing: its first import stays running, and the demo
    // traffic waits for it (up to 60 s) after the process listens.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const folder = await mkdtemp(join(tmpdir(), 'rtb-shutdown-wait-'));
    const port = await freePort();
    const webDist = join(folder, 'web');
    await mkdir(webDist);
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>RTB Panel</title>');
    const started = startNodeProcess('apps/all-in-one/src/main.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(folder, 'data'),
      DEMO_DATA: 'true',
      DEMO_TRAFFIC: 'true',
      DEMO_SHOP_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/demo-shop`,
      DRAIN_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
    });
    try {
      await untilReady(`http://127.0.0.1:${port}`, started);
      started.child.kill('SIGTERM');
      const { code } = await within(started.exited, 30_000, 'the process to exit after SIGTERM');
      expect(code, started.output()).toBe(0);
      expect(started.output()).not.toContain('shoppers start anyway');
    } finally {
      await started.kill();
      silent.closeAllConnections();
      silent.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 240_000);
});
