import { PassThrough, Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';

/** Collects everything written into it. */
export function collector(): { out: Writable; done: Promise<Buffer> } {
  const chunks: Buffer[] = [];
  let finish: (value: Buffer) => void = () => {};
  const done = new Promise<Buffer>((resolve) => {
    finish = resolve;
  });
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      finish(Buffer.concat(chunks));
      callback();
    },
  });
  return { out, done };
}

/** Rows `0..count-1` made by `make`, counting how many were read so far. */
export function countedRows<Row>(count: number, make: (i: number) => Row) {
  const state = { read: 0, returned: false };
  async function* rows(): AsyncGenerator<Row> {
    try {
      for (let i = 0; i < count; i++) {
        state.read = i + 1;
        yield make(i);
      }
    } finally {
      state.returned = true;
    }
  }
  return { rows: rows(), state };
}

/**
 * An output whose reader reads nothing until `release()`: a stalled client. `settle()` waits
 * until the writer stops reading rows (the count has not moved for many turns of the event loop).
 */
export function stalledOutput(highWaterMark = 16 * 1024) {
  const out = new PassThrough({ highWaterMark });
  return {
    out,
    async settle(read: () => number): Promise<number> {
      let last = -1;
      let still = 0;
      while (still < 50) {
        await nextTurn();
        const now = read();
        still = now === last ? still + 1 : 0;
        last = now;
      }
      return last;
    },
    async release(): Promise<Buffer> {
      const chunks: Buffer[] = [];
      for await (const chunk of out) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  };
}

/** A workbook read back from its bytes. */
export async function workbookFrom(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Uint8Array.from(bytes).buffer);
  return workbook;
}
