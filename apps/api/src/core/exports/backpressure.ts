import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** The reader of an export went away (the client closed the connection) before it ended. */
export class ExportAbortedError extends Error {
  constructor() {
    super('export aborted: its output was closed before it ended');
    this.name = 'ExportAbortedError';
  }
}

/**
 * Resolves once `out` takes more (at once when it is not full), after letting the streams in
 * front of it move; rejects when it is closed or fails first.
 */
export async function roomIn(out: Writable): Promise<void> {
  await nextTurn();
  if (out.destroyed || out.writableEnded) throw new ExportAbortedError();
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      cleanup();
      resolve();
    };
    const closed = () => {
      cleanup();
      reject(new ExportAbortedError());
    };
    const cleanup = () => {
      out.off('drain', done);
      out.off('close', closed);
      out.off('error', closed);
    };
    out.on('drain', done);
    out.on('close', closed);
    out.on('error', closed);
  });
}

/** Resolves when `work` does, or rejects when `out` closes before it ends (nothing would be waited for). */
export function untilClosed<T>(out: Writable, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const closed = () => {
      if (!out.writableFinished) reject(new ExportAbortedError());
    };
    out.once('close', closed);
    work.then(
      (value) => {
        out.off('close', closed);
        resolve(value);
      },
      (error: unknown) => {
        out.off('close', closed);
        reject(error);
      },
    );
  });
}
