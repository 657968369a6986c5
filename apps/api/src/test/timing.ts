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

/**
 * The median times of two requests that must not be told apart by their time: the CPU time the
 * process spends on each, which is what could differ between the two paths (a hash computed or
 * not, a query more), and which, unlike the clock, does not grow while other processes of a
 * loaded machine hold the CPU (the wall clock made these tests fail under load). Each round runs
 * both, in alternating order; the first rounds warm up and are not counted. `between` runs
 * untimed after every request (e.g. to let the work a request left for after its reply finish
 * before the next one is timed).
 */
export async function interleavedMedians(
  paths: [(round: number) => Promise<unknown>, (round: number) => Promise<unknown>],
  options: { rounds?: number; warmUp?: number; between?: () => Promise<void> } = {},
): Promise<[number, number]> {
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
  return [median(times[0]), median(times[1])];
}

/** Medians closer than a few milliseconds (or 15% of the slower one): one request cannot tell. */
export function expectSameTime([a, b]: [number, number], label: string): void {
  const tolerance = Math.max(3, 0.15 * Math.max(a, b));
  expect(Math.abs(a - b), `${label}: medians ${a.toFixed(1)} and ${b.toFixed(1)} ms`).toBeLessThan(tolerance);
}
