import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGLITE_TEMPLATE_ENV, writePgliteTemplate } from '@rtb/db/testing';

/** One migrated PGlite for the whole run; test files start from copies of it. */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const dir = await mkdtemp(join(tmpdir(), 'rtb-pglite-'));
  const path = join(dir, 'template.tar');
  await writePgliteTemplate(path);
  process.env[PGLITE_TEMPLATE_ENV] = path;
  return () => rm(dir, { recursive: true, force: true });
}
