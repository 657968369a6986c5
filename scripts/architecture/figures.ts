// `npm run arch:figures`: the before/after figures of the restructuring into bounded contexts,
// from dependency-cruiser's graph of the production code (tests are outside the graph, as for
// lint). Unit graphs (API contexts, web features) count every import, type-only ones
// too, since they couple as much; the bidder's loaded files follow only what Node loads.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { IDependency, IModule, IViolation } from 'dependency-cruiser';
import { cruiseTree, readKnownViolations, repoRoot } from './cruise';
import { unknownCasts } from './unknown-casts';
import { HAND_TYPED_CALL } from './web-calls';

const result = await cruiseTree(repoRoot);
const production = result.modules.filter((module) => /^(apps|packages)\/[^/]+\/src\//.test(module.source));
const isIndex = (path: string) => /\/index\.tsx?$/.test(path);
const hasIndex = (folder: string) =>
  production.some((module) => module.source.startsWith(`${folder}/`) && isIndex(module.source));

type UnitFigures = {
  units: string[];
  edges: Map<string, Set<string>>;
  deepImports: { from: string; to: string }[];
};

/** Files grouped into units by `unitOf`; unit-to-unit edges and imports of a unit's non-index files. */
function unitGraph(unitOf: (path: string) => string | undefined): UnitFigures {
  const units = new Set<string>();
  const edges = new Map<string, Set<string>>();
  const deepImports: { from: string; to: string }[] = [];
  for (const module of production) {
    const fromUnit = unitOf(module.source);
    if (!fromUnit) continue;
    units.add(fromUnit);
    for (const dependency of module.dependencies) {
      const toUnit = unitOf(dependency.resolved);
      if (!toUnit || toUnit === fromUnit) continue;
      units.add(toUnit);
      if (!edges.has(fromUnit)) edges.set(fromUnit, new Set());
      edges.get(fromUnit)?.add(toUnit);
      // A file may import another twice (a type-only and a value import): one deep import.
      const deep = !isIndex(dependency.resolved);
      if (deep && !deepImports.some((d) => d.from === module.source && d.to === dependency.resolved)) {
        deepImports.push({ from: module.source, to: dependency.resolved });
      }
    }
  }
  return { units: [...units].sort(), edges, deepImports };
}

/** Strongly connected components (Tarjan), largest first. */
function stronglyConnected(units: string[], edges: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, counter);
    low.set(unit, counter);
    counter += 1;
    stack.push(unit);
    onStack.add(unit);
    for (const next of edges.get(unit) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== unit);
      components.push(component.sort());
    }
  };
  for (const unit of units) if (!index.has(unit)) visit(unit);
  return components.sort((a, b) => b.length - a.length);
}

function mutualPairs(edges: Map<string, Set<string>>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [from, targets] of edges) {
    for (const to of targets) if (from < to && edges.get(to)?.has(from)) pairs.push([from, to]);
  }
  return pairs.sort();
}

const table = (rows: (string | number)[][]) => {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => String(row[column]).length))) ?? [];
  for (const row of rows) {
    console.log(
      row
        .map((cell, column) =>
          typeof cell === 'number'
            ? String(cell).padStart(widths[column] ?? 0)
            : cell.padEnd(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    );
  }
};

const list = (label: string, items: string[]) => {
  if (items.length > 0) console.log(`  ${label}: ${items.join(', ')}`);
};

function reportUnits(title: string, figures: UnitFigures, folderOf: (unit: string) => string) {
  const edgeCount = [...figures.edges.values()].reduce((sum, targets) => sum + targets.size, 0);
  const cycles = stronglyConnected(figures.units, figures.edges).filter((component) => component.length > 1);
  const pairs = mutualPairs(figures.edges);
  const deepFiles = new Set(figures.deepImports.map((deep) => deep.from));
  console.log(`\n${title}`);
  table([
    ['units', figures.units.length],
    ['with an index.ts', figures.units.filter((unit) => hasIndex(folderOf(unit))).length],
    ['edges between units', edgeCount],
    ['units in cycles', cycles.reduce((sum, component) => sum + component.length, 0)],
    ['largest cycle (units)', cycles[0]?.length ?? 0],
    ['mutual pairs', pairs.length],
    ['deep imports (file edges)', figures.deepImports.length],
    ['files importing deep', deepFiles.size],
  ]);
  list('largest cycle', cycles[0] ?? []);
  list(
    'mutual pairs',
    pairs.map(([a, b]) => `${a} ⇄ ${b}`),
  );
}

const apiUnit = (path: string) => /^apps\/api\/src\/contexts\/([^/]+)\//.exec(path)?.[1];
const webUnit = (path: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(path)?.[1];

console.log(`Production code: ${production.length} files (apps/*/src, packages/*/src, tests left out)`);
reportUnits(
  'API contexts (apps/api/src/contexts/*)',
  unitGraph(apiUnit),
  (unit) => `apps/api/src/contexts/${unit}`,
);
reportUnits(
  'Web features (apps/web/src/features/*)',
  unitGraph(webUnit),
  (unit) => `apps/web/src/features/${unit}`,
);

// Text, not graph: the count of type escapes the restructuring should bring down.
const casts = new Map<string, number>();
for (const module of production) {
  if (!/\.tsx?$/.test(module.source)) continue;
  const count = unknownCasts(module.source, readFileSync(join(repoRoot, module.source), 'utf8')).length;
  const top = module.source.split('/').slice(0, 2).join('/');
  if (count > 0) casts.set(top, (casts.get(top) ?? 0) + count);
}
console.log('\n`as unknown as` in production code');
table([
  ...[...casts].sort(([a], [b]) => a.localeCompare(b)),
  ['total', [...casts.values()].reduce((sum, count) => sum + count, 0)],
]);

// How the web calls the API: through the shared contract (`api.call`), or typed by hand (the
// other methods of lib/api-client.ts, their answer's type written out as a `{ data: ... }` envelope).
const webSources = production
  .filter((module) => /^apps\/web\/src\/.*\.tsx?$/.test(module.source))
  .map((module) => readFileSync(join(repoRoot, module.source), 'utf8'));
const occurrences = (pattern: RegExp) =>
  webSources.reduce((sum, source) => sum + (source.match(pattern)?.length ?? 0), 0);
console.log('\nWeb calls of the API (apps/web/src production code)');
table([
  ['contract calls (api.call)', occurrences(/\b(api|publicApi)\.call\(/g)],
  ['calls typed by hand', occurrences(HAND_TYPED_CALL)],
  ['`{ data:` envelopes', occurrences(/\{ data:/g)],
]);

// What `npm run bidder` loads: files reachable from its main.ts through imports Node executes
// (type-only imports are erased; dynamic imports count, they load on demand).
const byPath = new Map(result.modules.map((module) => [module.source, module]));
const loads = (dependency: IDependency) => !dependency.dependencyTypes.includes('type-only');
const reachable = new Set<string>();
const pending = ['apps/bidder/src/main.ts'];
while (pending.length > 0) {
  const path = pending.pop() as string;
  if (reachable.has(path)) continue;
  reachable.add(path);
  const module: IModule | undefined = byPath.get(path);
  for (const dependency of module?.dependencies ?? []) {
    if (loads(dependency) && /^(apps|packages)\//.test(dependency.resolved))
      pending.push(dependency.resolved);
  }
}
const loadedByTop = new Map<string, number>();
for (const path of reachable) {
  const top = path.split('/').slice(0, 2).join('/');
  loadedByTop.set(top, (loadedByTop.get(top) ?? 0) + 1);
}
const bidderImportsApi = production.filter(
  (module) =>
    module.source.startsWith('apps/bidder/src/') &&
    module.dependencies.some((dependency) => dependency.resolved.startsWith('apps/api/')),
);
const bidderLoadsApi = bidderImportsApi.filter((module) =>
  module.dependencies.some((dependency) => dependency.resolved.startsWith('apps/api/') && loads(dependency)),
);
console.log('\nThe standalone bidder (apps/bidder/src/main.ts): source files it loads');
table([
  ...[...loadedByTop].sort(([a], [b]) => a.localeCompare(b)),
  ['total', reachable.size],
  ['bidder files importing @rtb/api', bidderImportsApi.length],
  ['  of which at run time', bidderLoadsApi.length],
]);

// The ratchet: known violations by rule, and those that no longer happen (drop them from the list
// with `npm run lint:architecture:baseline`).
const key = (violation: IViolation) =>
  [
    violation.rule.name,
    violation.from,
    violation.to,
    ...(violation.cycle ?? []).map((step) => step.name),
  ].join('|');
const current = new Set(result.summary.violations.map(key));
const known = readKnownViolations();
const byRule = new Map<string, { known: number; fixed: number }>();
for (const violation of known) {
  const counts = byRule.get(violation.rule.name) ?? { known: 0, fixed: 0 };
  counts.known += 1;
  if (!current.has(key(violation))) counts.fixed += 1;
  byRule.set(violation.rule.name, counts);
}
const newViolations = result.summary.violations.filter(
  (violation) => !known.some((k) => key(k) === key(violation)),
);
console.log('\nKnown violations (.dependency-cruiser-known-violations.json)');
table([
  ['rule', 'listed', 'no longer happen'],
  ...[...byRule]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([rule, counts]): (string | number)[] => [rule, counts.known, counts.fixed]),
  ['total', known.length, [...byRule.values()].reduce((sum, counts) => sum + counts.fixed, 0)],
]);
if (newViolations.length > 0) console.log(`  new, not listed: ${newViolations.length} (npm run lint fails)`);

// Reads of another context's tables (table-owners.test.ts holds the lists to the code).
const require = createRequire(import.meta.url);
const { sharedTableOwners, packageContexts, publishedTables } = require('./table-owners.cjs') as {
  sharedTableOwners: Record<string, string>;
  packageContexts: Record<string, string>;
  publishedTables: Record<string, string[]>;
};
const { contextLayers } = require('./context-layers.cjs') as { contextLayers: string[] };
const knownReads = require('./known-table-reads.json') as string[];
const readerOf = (file: string) =>
  file.startsWith('@rtb/') ? (packageContexts[file.split('/')[1] ?? ''] ?? '') : (file.split('/')[0] ?? '');
const upward = knownReads.filter((read) => {
  const [file = '', tableName = ''] = read.split(' ');
  const owner = sharedTableOwners[tableName] ?? '';
  return contextLayers.indexOf(owner) > contextLayers.indexOf(readerOf(file));
});
console.log("\nReads of another context's tables (scripts/architecture/known-table-reads.json)");
table([
  ['listed reads', knownReads.length],
  ['of them upwards', upward.length],
  ['tables published to a reader (table-owners.cjs)', Object.values(publishedTables).flat().length],
]);
