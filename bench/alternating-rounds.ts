/**
 * Measures two targets `rounds` times each, alternating which goes first (so neither always runs
 * on a warmer machine), each run after a warm-up of its own; answers every run per target, in
 * order, and reports each as it ends.
 */
export async function alternatingRounds<T extends string, R>(options: {
  targets: readonly [T, T];
  rounds: number;
  measure(target: T, seconds: number): Promise<R>;
  warmupSeconds: number;
  seconds: number;
  onRun(round: number, target: T, run: R): void;
}): Promise<Record<T, R[]>> {
  const [first, second] = options.targets;
  const runs = { [first]: [], [second]: [] } as unknown as Record<T, R[]>;
  for (let round = 1; round <= options.rounds; round++) {
    for (const target of round % 2 ? [first, second] : [second, first]) {
      await options.measure(target, options.warmupSeconds);
      const run = await options.measure(target, options.seconds);
      runs[target].push(run);
      options.onRun(round, target, run);
    }
  }
  return runs;
}

/** The mean of each figure of some runs; the keys in `summed` are added up instead (counts). */
export function meanRun<R extends { [K in keyof R]: number }>(
  runs: readonly R[],
  summed: readonly (keyof R)[],
): R {
  const keys = Object.keys(runs[0] ?? {}) as (keyof R)[];
  return Object.fromEntries(
    keys.map((key) => {
      const total = runs.reduce((sum, run) => sum + run[key], 0);
      return [key, summed.includes(key) ? total : total / runs.length];
    }),
  ) as R;
}
