import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { fileURLToPath } from 'node:url';

/*
 * Fault tests start real processes and talk to them over real sockets: the helpers they share.
 */

/** A TCP port nobody listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * Resolves as `promise` does, or fails after `ms` naming what it waited for: a liveness bound
 * (something must happen at all), never a measure of how fast it happened.
 */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `condition` every 20 ms until it holds; fails after `timeoutMs` naming what it waited for. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A TCP connection written byte by byte as the test wants (a slow or stalled HTTP client). */
export interface RawConnection {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves with everything the server sent once the connection is closed (by either side). */
  closed: Promise<string>;
}

export async function rawConnection(port: number): Promise<RawConnection> {
  const socket = tcpConnect({ port, host: '127.0.0.1' });
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  // A reset by the server is a close too.
  socket.on('error', () => {});
  const closed = once(socket, 'close').then(() => received);
  await once(socket, 'connect');
  return { socket, received: () => received, closed };
}

/** How a process ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A `node --import tsx` process of the repository's, its output kept for the test's messages. */
export interface NodeProcess {
  child: ChildProcess;
  exited: Promise<Exit>;
  /** What it printed (stdout and stderr), the last 20,000 characters. */
  output(): string;
  /** SIGKILL unless it has exited; resolves once it has. */
  kill(): Promise<Exit>;
}

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Starts `entry` (a path from the repository's root, e.g. `apps/all-in-one/src/main.ts`) with exactly
 * `env` on top of PATH and HOME: nothing of the test run's own (its DATABASE_URL, REDIS_URL,
 * templates) reaches the process unless given.
 */
export function startNodeProcess(entry: string, env: Record<string, string>): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    child,
    exited,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}

/**
 * Waits until `GET <url>/readyz` answers 200 (a process starting: migrations, seeds, the first
 * index load); fails at once if the process exits, or after `ms` with what it printed.
 */
export async function untilReady(url: string, started: NodeProcess, ms = 180_000): Promise<void> {
  const deadline = Date.now() + ms;
  let exit: Exit | null = null;
  void started.exited.then((e) => {
    exit = e;
  });
  for (;;) {
    if (exit) throw new Error(`the process exited (${JSON.stringify(exit)}):\n${started.output()}`);
    const status = await fetch(`${url}/readyz`)
      .then((res) => res.status)
      .catch(() => 0);
    if (status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`not ready within ${ms / 1000} s (last /readyz: ${status}):\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
