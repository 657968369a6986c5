import type { StoredWinCurve } from '@rtb/delivery';
import { initialWinCurveState } from '@rtb/rtb';
import { describe, expect, it } from 'vitest';
import { WinCurveBook } from './win-curve-book';

const curve = (segment: string, updatedAt: number): StoredWinCurve => ({
  segment,
  state: { ...initialWinCurveState(5_000), observations: 600 },
  updatedAt: new Date(updatedAt),
});

describe('WinCurveBook', () => {
  it('reads the curves updated lately every minute, all of them every 10 (the deleted ones go), and keeps what it has when a read fails', async () => {
    let now = 1_000_000;
    let stored = [curve('PLN|a|300x250', now - 1_000), curve('PLN|b|300x250', now - 2_000)];
    const asked: (number | null)[] = [];
    let failing = false;
    const book = new WinCurveBook({
      load: async (since) => {
        asked.push(since?.getTime() ?? null);
        if (failing) throw new Error('down');
        return stored.filter((c) => since === null || c.updatedAt > since);
      },
      onError: () => {},
      now: () => now,
    });
    await book.refresh();
    expect(book.size).toBe(2);
    // b deleted by the worker, c fitted: a minute later only c is read, b still held.
    stored = [curve('PLN|a|300x250', now - 1_000), curve('PLN|c|300x250', now + 30_000)];
    now += 60_000;
    await book.refresh();
    expect(asked[1]).toBe(1_000_000 - 1_000 - 5 * 60_000);
    expect(book.curveOf('PLN|c|300x250')).toBeDefined();
    expect(book.curveOf('PLN|b|300x250')).toBeDefined();
    failing = true;
    now += 10 * 60_000;
    await book.refresh();
    expect(book.size).toBe(3);
    failing = false;
    await book.refresh();
    expect(asked.at(-1)).toBeNull();
    expect(book.curveOf('PLN|b|300x250')).toBeUndefined();
    expect(book.size).toBe(2);
  });
});
