import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/**
 * A PostgreSQL server of a test's own (its own data folder and port), for tests that stop,
 * freeze or restart the server: the shared test server must never be touched that way.
 */
export interface PrivatePostgres {
  /** Connection string of the `postgres` database (trust authentication). */
  url: string;
  /** `pg_ctl stop -m fast`: ends every session at once, like an operator's restart. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Sends a signal (SIGSTOP, SIGCONT) to the postmaster and every process it started. */
  signalAll(signal: NodeJS.Signals): Promise<void>;
  /** Stops the server and deletes its folder. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder, or null when there is none. */
export async function findPostgresBin(): Promise<string | null> {
  const versions = await readdir(POSTGRES_ROOT).catch(() => [] as string[]);
  const newest = versions
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .at(0);
  return newest ? join(POSTGRES_ROOT, newest, 'bin') : null;
}

/** Child processes of `pid`, read from /proc (the postmaster's backends and workers). */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name (which may hold spaces) start after its closing parenthesis.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === pid) children.push(Number(entry));
  }
  return children;
}

/** initdb and start a server on a free port; run as root, the binaries run as `postgres`. */
export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const asRoot = process.getuid?.() === 0;
  const pgRun = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);

  const folder = await mkdtemp(join(tmpdir(), 'rtb-private-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout), Number(group));
  }
  const dataDir = join(folder, 'data');
  const port = await freePort();
  await pgRun('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  // No fsync: the data is thrown away; the socket in the test's folder, not the system's.
  const serverOptions = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await pgRun('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', join(folder, 'log'), '-w', 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    await pgRun('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  };
  const signalAll = async (signal: NodeJS.Signals) => {
    const postmaster = Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    for (const pid of [postmaster, ...(await childrenOf(postmaster))]) process.kill(pid, signal);
  };
  await start();

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: () => stop('fast'),
    signalAll,
    async destroy() {
      await signalAll('SIGCONT').catch(() => {});
      await stop('immediate').catch(() => {});
      await rm(folder, { recursive: true, force: true });
    },
  };
}
