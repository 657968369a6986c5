import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { inTransaction } from './deps';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('inTransaction', () => {
  it('runs the undo effects after a rollback, not the commit effects', async () => {
    const undo = vi.fn(async () => {});
    const committed = vi.fn();
    await expect(
      inTransaction(t.deps, async (tx) => {
        tx.onRollback(undo);
        tx.afterCommit(committed);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(undo).toHaveBeenCalledOnce();
    expect(committed).not.toHaveBeenCalled();
  });

  it('runs the commit effects after a commit, not the undo effects', async () => {
    const undo = vi.fn(async () => {});
    const committed = vi.fn();
    const result = await inTransaction(t.deps, async (tx) => {
      tx.onRollback(undo);
      tx.afterCommit(committed);
      return 42;
    });
    expect(result).toBe(42);
    expect(committed).toHaveBeenCalledOnce();
    expect(undo).not.toHaveBeenCalled();
  });
});
