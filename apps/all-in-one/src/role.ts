import { z } from 'zod';

/**
 * What a process of `npm run serve` runs (`ROLE`, docs/operations.md, 'Roles'): everything in one
 * (`all`, the default and `npm start`'s), the API and web app, bidders, or the background workers.
 */
export const roles = ['all', 'api', 'bidder', 'worker'] as const;
export type Role = (typeof roles)[number];

const roleEnvSchema = z.object({ ROLE: z.enum(roles).default('all') });

/**
 * The process's role. A role that is not everything shares its data with other processes, so it
 * needs the PostgreSQL server (an embedded PGlite belongs to one process).
 */
export function loadRole(env: NodeJS.ProcessEnv = process.env): Role {
  const parsed = roleEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`ROLE must be one of ${roles.join(', ')} (got "${env.ROLE}").`);
  const role = parsed.data.ROLE;
  if (role !== 'all' && !env.DATABASE_URL)
    throw new Error(`ROLE=${role} shares its data with other processes: set DATABASE_URL (PostgreSQL).`);
  return role;
}
