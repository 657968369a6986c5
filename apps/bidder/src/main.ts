import { createAppDeps } from '@rtb/api';
import { loadConfig } from '@rtb/api/config';
import { createDatabase, databaseOptionsFromEnv } from '@rtb/db';
import pino from 'pino';
import { buildBidder } from './app';
import { createProfileStore } from './audiences/create-profile-store';
import { createBudgetStore } from './budget/create-budget-store';
import { loadBidderConfig } from './config';

/**
 * `npm run bidder`: one bidder process (bid endpoint and trackers) on BIDDER_PORT, against the
 * PostgreSQL server the API migrates (DATABASE_URL; an embedded PGlite cannot be shared between
 * processes) and, when several run, Redis for the shared counters (REDIS_URL).
 */
const appConfig = loadConfig();
const config = loadBidderConfig();
if (!appConfig.databaseUrl) {
  console.error(
    'A bidder on its own needs DATABASE_URL (the API process migrates it). `npm start` runs one in-process.',
  );
  process.exit(1);
}
const logger = pino({ level: appConfig.logLevel });
const database = createDatabase(databaseOptionsFromEnv());
const store = createBudgetStore(appConfig.redisUrl);
const profiles = createProfileStore(appConfig.redisUrl);
const deps = createAppDeps({ db: database.db, config: appConfig }, () => logger);
const bidder = await buildBidder({ deps, database, store, profiles, config, logger });
await bidder.app.listen({ port: config.port, host: appConfig.host });
logger.info({ port: config.port, redis: Boolean(appConfig.redisUrl) }, 'bidder listening');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'bidder shutting down');
  await bidder.close();
  await store.close();
  await profiles.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
