import { describe, expect, it } from 'vitest';
import { startPeriodicTask } from './periodic-task';

/** A promise and the function that settles it. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const silent = () => {
  const errors: unknown[] = [];
  return { errors, log: { error: (obj: unknown) => void errors.push(obj) } };
};

describe('startPeriodicTask', () => {
  it('runs one round at a time: a round asked for while one runs joins it', async () => {
    const { log } = silent();
    const release = gate();
    let rounds = 0;
    const task = startPeriodicTask({
      round: async () => {
        rounds += 1;
        await release.opened;
        return rounds;
      },
      failed: -1,
      failure: 'failed',
      log,
      intervalMs: null,
    });
    const first = task.runOnce();
    const second = task.runOnce();
    expect(second).toBe(first);
    release.open();
    expect(await first).toBe(1);
    expect(await task.runOnce()).toBe(2);
  });

  it('logs a failed round, answers its fallback, and runs the next round', async () => {
    const { log, errors } = silent();
    let calls = 0;
    const task = startPeriodicTask({
      round: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return 'ok';
      },
      failed: 'failed',
      failure: 'round failed',
      log,
      intervalMs: null,
    });
    expect(await task.runOnce()).toBe('failed');
    expect(errors).toEqual([{ err: new Error('database away') }]);
    expect(await task.runOnce()).toBe('ok');
  });

  it('stops: tells the running round and waits for it to end', async () => {
    const { log } = silent();
    const started = gate();
    const seen: boolean[] = [];
    const task = startPeriodicTask({
      round: async (stopping) => {
        started.open();
        // A long round checks between its steps whether to go on.
        while (!stopping()) await new Promise((resolve) => setTimeout(resolve, 1));
        seen.push(stopping());
        return 'ended';
      },
      failed: 'failed',
      failure: 'failed',
      log,
      intervalMs: 1,
      runAtStart: true,
    });
    await started.opened;
    await task.stop();
    expect(seen).toEqual([true]);
  });
});
