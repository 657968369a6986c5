import { join, resolve } from 'node:path';
import {
  accounts,
  createDatabase,
  databaseOptionsFromEnv,
  demoAccounts,
  seedDemoData,
  seedReferenceData,
} from '@rtb/db';
import { count } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createMemoryRateLimiter, createRedisRateLimiter } from './core/rate-limiter';
import { folderTransport, smtpTransport } from './modules/emails/transport';
import { type MailWorker, startMailWorker } from './modules/emails/worker';

/** One process: migrations, seeds, the API (and, once built, the web app) on one port. */
const config = loadConfig();
const database = createDatabase(databaseOptionsFromEnv());
await database.migrate();
await seedReferenceData(database.db);

if (config.demoData) {
  const [row] = await database.db.select({ n: count() }).from(accounts);
  if (!row?.n) await seedDemoData(database.db);
}

const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
let mailWorker: MailWorker | undefined;
const { app } = await buildApp({
  db: database.db,
  config,
  limiter: redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter(),
  mailQueued: () => mailWorker?.kick(),
});

const outbox = resolve(config.dataDir, 'outbox');
mailWorker = startMailWorker({
  db: database.db,
  transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : folderTransport(outbox),
  from: config.mailFrom,
  log: app.log.child({ component: 'mail' }),
});

await app.listen({ port: config.port, host: config.host });

const banner = [
  '',
  `  RTB Panel is running on ${config.publicUrl}  (database: ${database.kind}${redis ? ', redis' : ''})`,
  `  API docs: ${config.publicUrl}/api/docs`,
  config.smtpUrl ? '  Mail: SMTP' : `  Mail: no SMTP_URL, so mails are written to ${join(outbox, '*.eml')}`,
];
if (config.demoData) {
  banner.push('  Demo accounts:');
  for (const [name, a] of Object.entries(demoAccounts))
    banner.push(`    ${name.padEnd(10)} ${a.login} / ${a.password}`);
}
console.log(`${banner.join('\n')}\n`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await mailWorker?.stop();
  await redis?.quit();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
