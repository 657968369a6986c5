import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabase } from '@rtb/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExchangeBid, siteRequest, substituteMacros } from '../../bidder/src/test/exchange';
import { until } from './test/app-on-postgres';
import {
  freePort,
  type NodeProcess,
  type RawConnection,
  rawConnection,
  startNodeProcess,
  untilReady,
  within,
} from './test/processes';

/*
 * `npm start` (apps/api/src/main.ts: the API, the bidder and the workers in one process, on an
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

/** What an exchange request came to: its answer, or the connection's error. */
interface Answer {
  kind: 'bid' | 'win' | 'bill';
  /** The event a notice records (`win:<bid>`, `impression:<bid>`). */
  eventKey?: string;
  sentAt: number;
  status: number | null;
  error?: string;
  reason?: string;
  connection?: string;
}

/** A request over the keep-alive agent; rejects on a connection error (refused, reset, closed). */
function send(agent: http.Agent, port: number, method: 'GET' | 'POST', path: string, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method, path, agent, timeout: 30_000 },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
          );
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('no answer within 30 s')));
      request.on('error', reject);
      request.end(body);
    },
  );
}

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
  const agent = new http.Agent({ keepAlive: true, maxSockets: EXCHANGES * 2 });
  const raw: RawConnection[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rtb-shutdown-'));
    const webDist = join(folder, 'web');
    await mkdir(webDist);
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>RTB Panel</title>');
    port = await freePort();
    started = startNodeProcess('apps/api/src/main.ts', {
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
    agent.destroy();
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
    const answers: Answer[] = [];
    let stopped = false;
    let sequence = 0;
    const record = async (answer: Omit<Answer, 'status'>, sending: ReturnType<typeof send>) => {
      try {
        const res = await sending;
        answers.push({
          ...answer,
          status: res.status,
          reason: res.headers['x-rtb-reason'] as string | undefined,
          connection: res.headers.connection,
        });
        return res;
      } catch (error) {
        answers.push({ ...answer, status: null, error: (error as Error).message });
        return null;
      }
    };
    const notice = (kind: 'win' | 'bill', url: string, bid: ExchangeBid) => {
      const target = new URL(substituteMacros(url, bid, { price: CLEARING_CPM }));
      const eventKey = `${kind === 'win' ? 'win' : 'impression'}:${bid.id}`;
      return record(
        { kind, eventKey, sentAt: Date.now() },
        send(agent, port, 'GET', `${target.pathname}${target.search}`),
      );
    };
    const exchange = async () => {
      while (!stopped) {
        const id = `r${sequence++}`;
        const request = siteRequest({ id, user: { id: `user-${id}` }, tmax: 10_000 });
        const res = await record(
          { kind: 'bid', sentAt: Date.now() },
          send(agent, port, 'POST', '/openrtb2/bid', JSON.stringify(request)),
        );
        if (res?.status === 200) {
          const [bid] = JSON.parse(res.body).seatbid[0].bid as ExchangeBid[];
          if (bid) await Promise.all([notice('win', bid.nurl, bid), notice('bill', bid.burl, bid)]);
        } else if (!res) await sleep(20);
      }
    };
    const exchanges = Array.from({ length: EXCHANGES }, () => exchange());
    const billed = () => answers.filter((a) => a.kind === 'bill' && a.status === 200).length;
    try {
      await until(() => billed() >= 30, 'thirty billed impressions before the signal', 120_000);

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

      const signalledAt = Date.now();
      let running = true;
      const exited = started.exited.then((exit) => {
        running = false;
        stopped = true;
        return exit;
      });
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
      await Promise.all(exchanges);
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
      const bids = answers.filter((a) => a.kind === 'bid');
      expect(bids.filter((a) => a.status !== null && a.status >= 500)).toEqual([]);
      expect(bids.filter((a) => a.status === null && a.sentAt < signalledAt)).toEqual([]);
      expect(
        bids.filter((a) => a.status === 204 && a.sentAt < signalledAt && a.reason === 'draining'),
      ).toEqual([]);
      // Every answer of the drain closes its connection.
      const duringDrain = answers.filter(
        (a) => a.status !== null && (a.reason === 'draining' || a.sentAt >= drainingFrom),
      );
      expect(duringDrain.filter((a) => a.connection !== 'close')).toEqual([]);

      // Every notice answered 200 (before or during the drain) is in the database once.
      const noticed = answers.filter((a) => a.kind !== 'bid' && a.status === 200);
      expect(noticed.length).toBeGreaterThanOrEqual(60);
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
      stopped = true;
      await started.kill();
      await Promise.all(exchanges);
    }
  }, 240_000);
});
