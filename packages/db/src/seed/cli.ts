import { createDatabase } from '../client';
import { databaseOptionsFromEnv } from '../env';
import { seedDemoData } from './demo';
import { seedDemoDelivery } from './demo-delivery';
import { demoTopUpsDue } from './demo-top-ups';
import { seedReferenceData } from './reference';

/**
 * `npm run seed`: migrate, then reference and demo data (all idempotent), the demo banners'
 * files under DATA_DIR (as the API would have it).
 */
const handle = createDatabase(databaseOptionsFromEnv());
try {
  await handle.migrate();
  await seedReferenceData(handle.db);
  await seedDemoData(handle.db);
  await seedDemoDelivery(handle.db, { dataDir: process.env.DATA_DIR ?? 'data' });
  console.log(`Seeded the ${handle.kind} database.`);
  if ((await demoTopUpsDue(handle.db)).length)
    console.log("Demo Shop's demo credit is posted by the API when it starts (payments service).");
} finally {
  await handle.close();
}
