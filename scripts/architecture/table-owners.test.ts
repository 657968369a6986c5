// A context's tables are read and written by its own repositories, or by a context the owner
// publishes them to (publishedTables, decision 0015). Where another context's repository still
// joins one, the use is listed in known-table-reads.json: a new one fails this test, and so does a
// listed one that no longer happens (drop it from the list). The ratchet of decision 0011.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cruise';
import { productionFiles } from './production-files';

const require = createRequire(import.meta.url);
const { sharedTableOwners, packageContexts, publishedTables } = require('./table-owners.cjs') as {
  sharedTableOwners: Record<string, string>;
  packageContexts: Record<string, string>;
  publishedTables: Record<string, string[]>;
};
const knownReads = require('./known-table-reads.json') as string[];
const { contextLayers } = require('./context-layers.cjs') as { contextLayers: string[] };

/**
 * The reads of a table owned by a context above the reader. The principal, built in one query on
 * every authenticated request, and the users' lists name the user's organisation; identity sits
 * below organisations (organisations name their users and record who verified them).
 */
const upwardReads = [
  'identity/auth/principal-repository.ts advertisers',
  'identity/auth/principal-repository.ts agencies',
  'identity/users/repository.ts advertisers',
  'identity/users/repository.ts agencies',
];

const tableNames = new Set(
  execSync('git ls-files packages/db/src/schema', { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) =>
      [...readFileSync(join(repoRoot, file), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].map(
        (match) => match[1] ?? '',
      ),
    ),
);

/** A production file's context, and its name in the lists (relative to the contexts folder, or `@rtb/<package>/...`). */
function contextOf(file: string): [string, string] {
  const inPackage = /^packages\/([^/]+)\/src\/(.*)$/.exec(file);
  if (inPackage) return [packageContexts[inPackage[1] ?? ''] ?? '', `@rtb/${inPackage[1]}/${inPackage[2]}`];
  return [file.split('/')[4] ?? '', file.replace('apps/api/src/contexts/', '')];
}

/** Every table a context's production file imports from @rtb/db: [context, file, table]. */
function tableUses(): [string, string, string][] {
  const files = productionFiles().filter(
    (file) =>
      file.startsWith('apps/api/src/contexts/') ||
      Object.keys(packageContexts).some((name) => file.startsWith(`packages/${name}/src/`)),
  );
  const uses: [string, string, string][] = [];
  for (const file of files) {
    const [context, name] = contextOf(file);
    const source = ts.createSourceFile(
      file,
      readFileSync(join(repoRoot, file), 'utf8'),
      ts.ScriptTarget.Latest,
    );
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement)) continue;
      if ((statement.moduleSpecifier as ts.StringLiteral).text !== '@rtb/db') continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) {
        const table = (element.propertyName ?? element.name).text;
        if (tableNames.has(table)) uses.push([context, name, table]);
      }
    }
  }
  return uses;
}

describe('table owners', () => {
  const uses = tableUses();

  it('gives every table used by more than one context an owner', () => {
    const contextsOf = new Map<string, Set<string>>();
    for (const [context, , table] of uses)
      contextsOf.set(table, (contextsOf.get(table) ?? new Set()).add(context));
    const unowned = [...contextsOf]
      .filter(([table, contexts]) => contexts.size > 1 && !sharedTableOwners[table])
      .map(([table]) => table);
    expect(unowned).toEqual([]);
  });

  it('finds another context using an owned table only where known-table-reads.json lists it', () => {
    const outside = uses
      .filter(
        ([context, , table]) =>
          sharedTableOwners[table] !== undefined &&
          sharedTableOwners[table] !== context &&
          !publishedTables[context]?.includes(table),
      )
      .map(([, file, table]) => `${file} ${table}`)
      .sort();
    expect(outside).toEqual([...knownReads].sort());
  });

  it('finds a context reading a table of a context above it only where upwardReads lists it', () => {
    const layer = (context: string) => contextLayers.indexOf(context);
    const upward = uses
      .filter(([context, , table]) => {
        const owner = sharedTableOwners[table];
        return owner !== undefined && layer(owner) > layer(context);
      })
      .map(([, file, table]) => `${file} ${table}`)
      .sort();
    expect(upward).toEqual([...upwardReads].sort());
  });

  it('publishes a table only downwards, to a context that reads it', () => {
    const layer = (context: string) => contextLayers.indexOf(context);
    const read = new Set(uses.map(([context, , table]) => `${context} ${table}`));
    const wrong = Object.entries(publishedTables).flatMap(([reader, tables]) =>
      tables
        .filter((table) => {
          const owner = sharedTableOwners[table];
          return owner === undefined || layer(owner) >= layer(reader) || !read.has(`${reader} ${table}`);
        })
        .map((table) => `${reader} ${table}`),
    );
    expect(wrong).toEqual([]);
  });
});
