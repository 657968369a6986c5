import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPostgresTemplate,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
  writePgliteTemplate,
} from '@rtb/db/testing';

/** One migrated database for the run (PGlite, or on DATABASE_URL's server); test files start from copies. */
export default async function setup() {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await createPostgresTemplate(serverUrl);
    process.env[POSTGRES_TEMPLATE_ENV] = template.name;
    return template.drop;
  }
  const dir = await mkdtemp(join(tmpdir(), 'rtb-pglite-'));
  const path = join(dir, 'template.tar');
  await writePgliteTemplate(path);
  process.env[PGLITE_TEMPLATE_ENV] = path;
  return () => rm(dir, { recursive: true, force: true });
}
