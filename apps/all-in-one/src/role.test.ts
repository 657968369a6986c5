import { describe, expect, it } from 'vitest';
import { loadRole } from './role';

describe('ROLE', () => {
  it('is everything in one process by default', () => {
    expect(loadRole({})).toBe('all');
  });

  it('runs one part against a PostgreSQL server', () => {
    const url = 'postgres://127.0.0.1/rtb';
    expect(loadRole({ ROLE: 'api', DATABASE_URL: url })).toBe('api');
    expect(loadRole({ ROLE: 'bidder', DATABASE_URL: url })).toBe('bidder');
    expect(loadRole({ ROLE: 'worker', DATABASE_URL: url })).toBe('worker');
  });

  it('refuses a part without DATABASE_URL: an embedded database belongs to one process', () => {
    expect(() => loadRole({ ROLE: 'worker' })).toThrow(
      'ROLE=worker shares its data with other processes: set DATABASE_URL (PostgreSQL).',
    );
  });

  it('names the roles when given another', () => {
    expect(() => loadRole({ ROLE: 'panels' })).toThrow(
      'ROLE must be one of all, api, bidder, worker (got "panels").',
    );
  });
});
