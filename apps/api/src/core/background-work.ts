import { setTimeout as sleep } from 'node:timers/promises';

export type BackgroundReport = (error: unknown, job: string, retrying: boolean) => void;

/**
 * Work a request leaves for after its reply: what must not show in the response time (the mail
 * and token of a password reset go only to existing accounts, so doing them before answering
 * tells who has an account). Each job starts once the reply is on its way; a failed attempt is
 * reported and tried again after each of `retryDelaysMs` (a job is one transaction, so a failed
 * attempt leaves nothing behind), and the last failure is reported as such.
 */
export class BackgroundWork {
  private pending = new Set<Promise<void>>();

  constructor(
    private readonly report: BackgroundReport,
    private readonly retryDelaysMs: readonly number[] = [1_000, 5_000],
  ) {}

  run(job: string, work: () => Promise<void>): void {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.attempt(job, work))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  private async attempt(job: string, work: () => Promise<void>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        const delay = this.retryDelaysMs[attempt];
        this.report(error, job, delay !== undefined);
        if (delay === undefined) return;
        await sleep(delay);
      }
    }
  }

  /** Resolves once every job started so far has finished: before shutdown, and in tests. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
  }
}
