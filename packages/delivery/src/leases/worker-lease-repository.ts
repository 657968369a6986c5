import { type Database, selectRows } from '@rtb/db';
import { sql } from 'drizzle-orm';

/**
 * Takes or renews the lease `name` for `holder` until `ttlMs` from the database's clock: taken
 * when no one holds it, when `holder` does, or when its holder's lease expired. One statement,
 * so two processes asking at once cannot both get it. Answers whether `holder` holds it now.
 */
export async function holdWorkerLease(
  db: Database,
  name: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const rows = await selectRows<{ holder: string }>(
    db,
    sql`insert into worker_leases (name, holder, acquired_at, expires_at)
      values (${name}, ${holder}, now(), now() + ${ttlMs} * interval '1 millisecond')
      on conflict (name) do update
      set holder = excluded.holder,
        acquired_at = case when worker_leases.holder = excluded.holder
          then worker_leases.acquired_at else excluded.acquired_at end,
        expires_at = excluded.expires_at
      where worker_leases.holder = excluded.holder or worker_leases.expires_at <= now()
      returning holder`,
  );
  return rows.length === 1;
}

/** Gives the lease back if `holder` holds it, for another process to take at once. */
export async function releaseWorkerLease(db: Database, name: string, holder: string): Promise<void> {
  await db.execute(sql`delete from worker_leases where name = ${name} and holder = ${holder}`);
}
