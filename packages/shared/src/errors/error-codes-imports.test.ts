import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** The modules a module loads (not its type imports), following relative imports. */
function loaded(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/^import (?!type )[^;]*? from '([^']+)';/gms)) {
    if (!specifier) continue;
    if (specifier.startsWith('.')) loaded(`${resolve(dirname(file), specifier)}.ts`, into);
    else into.add(specifier);
  }
  return into;
}

describe('the error table', () => {
  // The web's login page translates errors by this table and issue-of.ts before zod has loaded:
  // the texts come from the schemas' `*-messages.ts` files, which define no schema.
  it.each(['error-codes.ts', 'issue-of.ts'])('%s loads no zod schema', (file) => {
    const modules = [...loaded(resolve(here, file))];
    expect(modules.filter((module) => module === 'zod' || module.startsWith('zod/'))).toEqual([]);
  });
});
