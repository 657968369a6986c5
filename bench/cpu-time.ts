import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const TICKS_PER_SECOND = 100;

/** A process's user + system CPU seconds so far, and its command name; null once it is gone. */
function processCpu(pid: number): { name: string; seconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces: the fields after it are counted from its end.
    const end = stat.lastIndexOf(')');
    const fields = stat.slice(end + 2).split(' ');
    return {
      name: stat.slice(stat.indexOf('(') + 1, end),
      seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    };
  } catch {
    return null;
  }
}

/** The servers a bench writes to: PostgreSQL (the server and its backends) and NATS. */
const STORES = new Set(['postgres', 'nats-server']);

/** CPU seconds of each store's process that lives now. */
function storesCpu(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cpu = processCpu(Number(entry));
    if (cpu && STORES.has(cpu.name)) seconds.set(Number(entry), cpu.seconds);
  }
  return seconds;
}

/** CPU seconds so far of the parts of a benchmark: the server process, this process (the load generator), the stores' processes (PostgreSQL, NATS). */
export interface CpuReading {
  server: number;
  driver: number;
  stores: Map<number, number>;
}

/** Microseconds of CPU per request of each part. */
export interface CpuPerRequest {
  server: number;
  driver: number;
  stores: number;
}

/**
 * Reads the CPU the parts used so far (Linux only): where a bench's time goes when the machine is
 * the limit. The stores are every `postgres` and `nats-server` process on the machine, so other
 * work on the same servers counts too; a backend that exits between two readings is left out (what it used since
 * the first is not counted).
 */
export function cpuReading(serverPid: number): CpuReading {
  return {
    server: processCpu(serverPid)?.seconds ?? 0,
    driver: processCpu(process.pid)?.seconds ?? 0,
    stores: storesCpu(),
  };
}

/** Microseconds of CPU per request of each part between two readings. */
export function cpuPerRequest(before: CpuReading, after: CpuReading, requests: number): CpuPerRequest {
  let stores = 0;
  for (const [pid, seconds] of after.stores) stores += seconds - (before.stores.get(pid) ?? 0);
  const per = (seconds: number) => (requests ? (seconds * 1e6) / requests : 0);
  return {
    server: per(after.server - before.server),
    driver: per(after.driver - before.driver),
    stores: per(stores),
  };
}
