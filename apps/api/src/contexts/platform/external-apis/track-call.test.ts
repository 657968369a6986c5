import { type Database, logExternalApis } from '@rtb/db';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { ExternalCallLog } from './call-log';
import { redactUrl } from './redact-url';
import { trackCall } from './track-call';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A database whose inserts do what `values` does. */
const databaseWhoseInsert = (values: () => Promise<void>) =>
  ({ insert: () => ({ values }) }) as unknown as Database;

const rowsFor = (url: string) =>
  t.database.db.select().from(logExternalApis).where(eq(logExternalApis.url, url));

describe('redactUrl', () => {
  it.each([
    ['https://example.com/a?page=2', 'https://example.com/a?page=2'],
    ['https://user:p%40ss@example.com/a', 'https://redacted:redacted@example.com/a'],
    ['http://user@example.com/', 'http://redacted@example.com/'],
    [
      'https://api.example.com/v1?access_token=abc&page=2&apiKey=k&Signature=s&client_secret=c',
      'https://api.example.com/v1?access_token=redacted&page=2&apiKey=redacted&Signature=redacted&client_secret=redacted',
    ],
    ['https://example.com/a#token=abc', 'https://example.com/a'],
  ])('%s is logged as %s', (input, logged) => {
    expect(redactUrl(input)).toBe(logged);
  });

  it('keeps at most 2000 characters, also of what is not a URL', () => {
    expect(redactUrl(`https://example.com/${'a'.repeat(3000)}`)).toHaveLength(2000);
    expect(redactUrl('not a url')).toBe('not a url');
  });
});

describe('trackCall', () => {
  it("dates a row by its call's end, so a slow background write does not reorder the log", async () => {
    let first = true;
    const slowFirstWrite = {
      insert: (table: typeof logExternalApis) => ({
        values: async (row: typeof logExternalApis.$inferInsert) => {
          if (first) {
            first = false;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          await t.database.db.insert(table).values(row);
        },
      }),
    } as unknown as Database;
    const log = new ExternalCallLog(slowFirstWrite, () => {});
    const deps = { ...t.deps, externalCalls: log };
    const answer = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { status: 200 };
    };
    for (const url of ['https://order.example/earlier', 'https://order.example/later'])
      await trackCall(deps, 'url-verify', { method: 'HEAD', url }, answer);
    await log.settled();
    const newestFirst = await t.database.db
      .select({ url: logExternalApis.url })
      .from(logExternalApis)
      .where(like(logExternalApis.url, 'https://order.example/%'))
      .orderBy(desc(logExternalApis.createdAt), desc(logExternalApis.id));
    expect(newestFirst.map((row) => row.url)).toEqual([
      'https://order.example/later',
      'https://order.example/earlier',
    ]);
  });

  it('logs a call with its status and duration, and hands the result back', async () => {
    const url = 'https://tracked.example/ok?token=abc';
    const result = await trackCall(t.deps, 'url-verify', { method: 'head', url }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { status: 204, body: 'kept' };
    });
    expect(result).toEqual({ status: 204, body: 'kept' });
    await t.deps.externalCalls.settled();
    const [row] = await rowsFor('https://tracked.example/ok?token=redacted');
    expect(row).toMatchObject({ service: 'url-verify', method: 'HEAD', statusCode: 204, error: null });
    expect(row?.durationMs).toBeGreaterThanOrEqual(15);
  });

  it('logs a call that failed with its error, and throws the error on', async () => {
    const url = 'https://tracked.example/refused';
    const failure = new Error('connect ECONNREFUSED 127.0.0.1:9');
    await expect(
      trackCall(t.deps, 'url-verify', { method: 'GET', url }, () => Promise.reject(failure)),
    ).rejects.toBe(failure);
    await t.deps.externalCalls.settled();
    expect(await rowsFor(url)).toEqual([
      expect.objectContaining({ statusCode: null, error: 'connect ECONNREFUSED 127.0.0.1:9' }),
    ]);
  });

  it('writes the row outside the caller’s transaction: it stays when the transaction rolls back', async () => {
    const url = 'https://tracked.example/in-transaction';
    await expect(
      inTransaction(t.deps, async (tx) => {
        await trackCall(tx, 'url-verify', { method: 'GET', url }, async () => ({ status: 200 }));
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    await t.deps.externalCalls.settled();
    expect(await rowsFor(url)).toHaveLength(1);
  });

  it('a failed log write is reported, never thrown at the caller', async () => {
    const onError = vi.fn();
    const failure = new Error('disk full');
    const externalCalls = new ExternalCallLog(
      databaseWhoseInsert(() => Promise.reject(failure)),
      onError,
    );
    const deps = { ...t.deps, externalCalls };
    const result = await trackCall(
      deps,
      'url-verify',
      { method: 'GET', url: 'https://x.example/' },
      async () => ({
        status: 200,
      }),
    );
    expect(result.status).toBe(200);
    await externalCalls.settled();
    expect(onError).toHaveBeenCalledWith(
      failure,
      expect.objectContaining({ service: 'url-verify', url: 'https://x.example/', statusCode: 200 }),
    );
  });

  it('a log write that hangs does not hold the caller', async () => {
    const externalCalls = new ExternalCallLog(
      databaseWhoseInsert(() => new Promise(() => {})),
      vi.fn(),
    );
    const deps = { ...t.deps, externalCalls };
    const result = await trackCall(
      deps,
      'url-verify',
      { method: 'GET', url: 'https://x.example/' },
      async () => ({
        status: 200,
      }),
    );
    expect(result.status).toBe(200);
  });
});
