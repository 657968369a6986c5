import type { Database } from '@rtb/db';
import { sql } from 'drizzle-orm';
import { Readiness } from './readiness';

/** A readiness that checks the database answers (what every process needs to serve). */
export function databaseReadiness(deps: { db: Database }): Readiness {
  const readiness = new Readiness();
  readiness.add('database', async () => {
    try {
      await deps.db.execute(sql`select 1`);
      return null;
    } catch (error) {
      // The driver's own words (its cause), not the query's.
      const cause = (error as Error).cause;
      return `The database does not answer: ${cause instanceof Error ? cause.message : (error as Error).message}`;
    }
  });
  return readiness;
}
