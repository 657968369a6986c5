import { z } from 'zod';

/** The environment variables every process reads alike (the README's table lists each). */
const processEnvSchema = z.object({
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a shutdown (SIGTERM) may take at most: connections drained, buffered events committed. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  /** When set, `/metrics` asks for it as a bearer token. */
  METRICS_TOKEN: z.string().min(16).optional(),
});

export interface ProcessConfig {
  host: string;
  databaseUrl?: string;
  redisUrl?: string;
  logLevel: string;
  /** The longest a shutdown takes. */
  drainMs: number;
  metricsToken?: string;
}

/** What a process (the API, a bidder) reads of its environment in common. */
export function loadProcessConfig(env: NodeJS.ProcessEnv = process.env): ProcessConfig {
  const e = processEnvSchema.parse(env);
  return {
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    drainMs: e.DRAIN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
  };
}
