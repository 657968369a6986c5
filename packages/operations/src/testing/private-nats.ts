import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes';

/** Where Debian's nats-server package puts the server (NATS_SERVER overrides it). */
const natsServer = process.env.NATS_SERVER ?? '/usr/sbin/nats-server';

/**
 * A NATS server with JetStream of a test's own (its own port, its store in a temporary folder
 * kept across its restarts), for tests that stop and restart it: the shared one must never be.
 */
export interface PrivateNats {
  url: string;
  /** Kills the server at once (SIGKILL): what it acknowledged is in its store. */
  stop(): Promise<void>;
  /** Starts it again on the same port and store. */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export const natsServerAvailable = (): boolean => existsSync(natsServer);

export async function startPrivateNats(): Promise<PrivateNats> {
  const port = await freePort();
  const store = mkdtempSync(join(tmpdir(), 'rtb-nats-'));
  let server: ChildProcess | null = null;
  const start = async () => {
    server = spawn(natsServer, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], {
      stdio: 'ignore',
    });
    for (let attempt = 0; !(await answers(port)); attempt++) {
      if (attempt > 100) throw new Error(`nats-server did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = server;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGKILL');
    await exited;
    server = null;
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    start,
    stop,
    async destroy() {
      await stop();
      rmSync(store, { recursive: true, force: true });
    },
  };
}

/** Whether a server on the port greets a client (`INFO ...`). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('data', (chunk) => done(chunk.toString().startsWith('INFO')));
    socket.once('error', () => done(false));
  });
}
