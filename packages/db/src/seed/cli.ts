import { createDatabase } from '../client';
import { databaseOptionsFromEnv } from '../env';
import { seedDemoData } from './demo';
import { seedReferenceData } from './reference';

/** `npm run seed`: migrate, then reference and demo data (both idempotent). */
const handle = createDatabase(databaseOptionsFromEnv());
try {
  await handle.migrate();
  await seedReferenceData(handle.db);
  await seedDemoData(handle.db);
  console.log(`Seeded the ${handle.kind} database.`);
} finally {
  await handle.close();
}
