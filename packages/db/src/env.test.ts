import { describe, expect, it } from 'vitest';
import { defaultDatabaseTimeouts } from './client';
import { databaseOptionsFromEnv, databaseTimeoutsFromEnv } from './env';

describe('databaseTimeoutsFromEnv', () => {
  it('uses the defaults when nothing is set', () => {
    expect(databaseTimeoutsFromEnv({})).toEqual(defaultDatabaseTimeouts);
  });

  it('reads each timeout from its variable', () => {
    expect(
      databaseTimeoutsFromEnv({
        DATABASE_STATEMENT_TIMEOUT_MS: '15000',
        DATABASE_LOCK_TIMEOUT_MS: '2000',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '20000',
      }),
    ).toEqual({ statementMs: 15_000, lockMs: 2_000, idleInTransactionMs: 20_000 });
  });

  it('refuses a value that is not a whole number of milliseconds above 0', () => {
    for (const bad of ['0', '-5', '1.5', 'ten', '10s'])
      expect(() => databaseTimeoutsFromEnv({ DATABASE_LOCK_TIMEOUT_MS: bad })).toThrow(
        `DATABASE_LOCK_TIMEOUT_MS must be a whole number of milliseconds above 0, not '${bad}'.`,
      );
  });

  it('refuses timeouts that would end after the 30 s request limit', () => {
    // The client waits 2 s past the statement timeout before it drops the connection.
    expect(() => databaseTimeoutsFromEnv({ DATABASE_STATEMENT_TIMEOUT_MS: '28000' })).toThrow(
      /request limit/,
    );
    expect(() => databaseTimeoutsFromEnv({ DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '30000' })).toThrow(
      /request limit/,
    );
    expect(databaseTimeoutsFromEnv({ DATABASE_STATEMENT_TIMEOUT_MS: '27999' }).statementMs).toBe(27_999);
  });

  it('applies to PostgreSQL only', () => {
    expect(
      databaseOptionsFromEnv({ DATABASE_URL: 'postgres://db/rtb', DATABASE_LOCK_TIMEOUT_MS: '1000' }),
    ).toEqual({
      url: 'postgres://db/rtb',
      poolSize: 10,
      timeouts: { ...defaultDatabaseTimeouts, lockMs: 1_000 },
    });
    expect(databaseOptionsFromEnv({ DATA_DIR: '/srv/rtb' })).toEqual({ dataDir: '/srv/rtb/pglite' });
  });
});
