import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { freePort } from './processes';

/**
 * A Redis server of a test's own (its own port, nothing kept on disk), for tests that stop and
 * restart it: the shared test server must never be touched that way. Needs `redis-server` on the
 * PATH (Debian's redis-server package).
 */
export interface PrivateRedis {
  url: string;
  /** `SHUTDOWN NOSAVE`: the server stops and its data is gone, like a restart without persistence. */
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** Whether `redis-server` can be started here. */
export async function redisServerAvailable(): Promise<boolean> {
  const probe = spawn('redis-server', ['--version'], { stdio: 'ignore' });
  const [code] = (await Promise.race([once(probe, 'exit'), once(probe, 'error').then(() => [1])])) as [
    number,
  ];
  return code === 0;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;

  const start = async () => {
    server = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    for (let attempt = 0; ; attempt++) {
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch {
        if (attempt > 100) throw new Error(`redis-server did not start on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  const stop = async () => {
    const running = server;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    const client = new Redis(url, { retryStrategy: () => null, maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    await client.call('SHUTDOWN', 'NOSAVE').catch(() => {});
    client.disconnect();
    await exited;
    server = null;
  };
  await start();
  return {
    url,
    start,
    stop,
    async destroy() {
      await stop();
    },
  };
}
