import { expect } from 'vitest';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Milliseconds of CPU this process has used (every thread: the password hashing pool's too). */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Two paths' typical times and the typical difference between them, in milliseconds. */
export interface PairedTimes {
  medians: [number, number];
  /** The median of each round's first-minus-second time. */
  difference: number;
}

/**
 * Times two requests that must not be told apart by their time: the CPU time the process spends
 * on each, which is what could differ between the two paths (a hash computed or not, a query
 * more), and which, unlike the clock, does not grow while other processes hold the CPU (the wall
 * clock made these tests fail under load). Each round runs both back to back, in alternating
 * order, and what is compared is each round's difference: on a loaded machine every request's
 * time swings with the load (shared caches and memory bandwidth slow a memory-hard hash), and two
 * medians taken apart could each land on a different side of those swings, while one round's two
 * requests share the same moment's load. The first rounds warm up and are not counted. `between`
 * runs untimed after every request (e.g. to let the work a request left for after its reply
 * finish before the next one is timed).
 */
export async function interleavedTimes(
  paths: [(round: number) => Promise<unknown>, (round: number) => Promise<unknown>],
  options: { rounds?: number; warmUp?: number; between?: () => Promise<void> } = {},
): Promise<PairedTimes> {
  const { rounds = 36, warmUp = 6, between = async () => {} } = options;
  const times: [number[], number[]] = [[], []];
  for (let round = 0; round < warmUp + rounds; round++) {
    const order = round % 2 ? [1, 0] : [0, 1];
    for (const which of order as (0 | 1)[]) {
      const start = cpuMs();
      await paths[which](round);
      const elapsed = cpuMs() - start;
      await between();
      if (round >= warmUp) times[which].push(elapsed);
    }
  }
  const differences = times[0].map((first, round) => first - (times[1][round] as number));
  return { medians: [median(times[0]), median(times[1])], difference: median(differences) };
}

/** A typical difference under a few milliseconds (or 15% of the slower path): one request cannot tell. */
export function expectSameTime({ medians: [a, b], difference }: PairedTimes, label: string): void {
  const tolerance = Math.max(3, 0.15 * Math.max(a, b));
  expect(
    Math.abs(difference),
    `${label}: medians ${a.toFixed(1)} and ${b.toFixed(1)} ms, typical difference ${difference.toFixed(1)} ms`,
  ).toBeLessThan(tolerance);
}
