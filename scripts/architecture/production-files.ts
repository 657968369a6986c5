// The production code the ratchets count: what lint's graph holds (.dependency-cruiser.cjs leaves
// out tests, their helpers and fixtures, builds).
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { repoRoot } from './cruise';

const require = createRequire(import.meta.url);
const { options } = require('../../.dependency-cruiser.cjs') as { options: { exclude: { path: string[] } } };
/** What lint's graph leaves out (.dependency-cruiser.cjs): tests, their helpers and fixtures, builds. */
const excluded = options.exclude.path.map((pattern) => new RegExp(pattern));

/** The TypeScript sources of apps/*\/src and packages/*\/src without test code, relative to the repository. */
export function productionFiles(): string[] {
  return ['apps', 'packages']
    .flatMap((top) => readdirSync(join(repoRoot, top)).map((name) => join(repoRoot, top, name, 'src')))
    .flatMap((src) => {
      try {
        return (readdirSync(src, { recursive: true }) as string[]).map((file) => join(src, file));
      } catch {
        return [];
      }
    })
    .map((file) => relative(repoRoot, file))
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !excluded.some((pattern) => pattern.test(file)));
}
