import { describe, expect, it } from 'vitest';
import { BackgroundWork } from './background-work';

describe('BackgroundWork', () => {
  it('starts a job only after the current turn (the reply goes first) and settles when it is done', async () => {
    const work = new BackgroundWork(() => {});
    const steps: string[] = [];
    work.run('job', async () => {
      steps.push('job');
    });
    steps.push('reply');
    await work.settled();
    expect(steps).toEqual(['reply', 'job']);
  });

  it('reports a failed attempt, tries again after each delay, and reports the last failure as final', async () => {
    const reports: [string, boolean][] = [];
    const work = new BackgroundWork(
      (error, job, retrying) => reports.push([`${job}: ${error}`, retrying]),
      [1, 1],
    );
    let attempts = 0;
    work.run('mail', async () => {
      attempts++;
      throw new Error('database down');
    });
    await work.settled();
    expect(attempts).toBe(3);
    expect(reports).toEqual([
      ['mail: Error: database down', true],
      ['mail: Error: database down', true],
      ['mail: Error: database down', false],
    ]);
  });

  it('stops trying once an attempt succeeds', async () => {
    const reports: boolean[] = [];
    const work = new BackgroundWork((_error, _job, retrying) => reports.push(retrying), [1, 1]);
    let attempts = 0;
    work.run('mail', async () => {
      if (++attempts === 1) throw new Error('once');
    });
    await work.settled();
    expect(attempts).toBe(2);
    expect(reports).toEqual([true]);
  });
});
