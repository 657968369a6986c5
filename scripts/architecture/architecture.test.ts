// The architecture rules bite: a small monorepo in a temporary folder, cruised with the project's
// .dependency-cruiser.cjs, first clean, then with one planted violation of each rule. The real tree
// is checked by `npm run lint` (lint:architecture), not here: a cruise of it takes seconds.

import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ICruiseResult, IViolation } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruiseTree, errors, repoRoot } from './cruise';

const { contextLayers } = createRequire(import.meta.url)('./context-layers.cjs') as {
  contextLayers: string[];
};

const workspace = (name: string, exports: Record<string, string>) =>
  JSON.stringify({ name, private: true, type: 'module', exports });

// The layout the rules are written for: contexts with an index.ts (campaigns below delivery), core, web features,
// the bidder and the packages, and @rtb/* resolved through node_modules symlinks as npm links them.
const clean: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'fixture', private: true, workspaces: ['packages/*', 'apps/*'] }),
  'apps/api/package.json': workspace('@rtb/api', {
    '.': './src/app.ts',
    './delivery': './src/contexts/delivery/index.ts',
  }),
  'apps/api/src/app.ts': `import { deliver } from './contexts/delivery';
import { deliveryRoutes } from './contexts/delivery/runtime';
import { AppError } from './core/errors';
export const app = { deliver, deliveryRoutes, AppError };
`,
  'apps/api/src/core/errors.ts': 'export class AppError extends Error {}\n',
  'apps/api/src/contexts/delivery/index.ts': "export { deliver } from './deliver';\n",
  'apps/api/src/contexts/delivery/runtime.ts': "export { deliveryRoutes } from './routes';\n",
  'apps/api/src/contexts/delivery/routes.ts':
    "import { deliver } from './deliver';\nexport const deliveryRoutes = [deliver];\n",
  'apps/api/src/create-deps.ts':
    "import { deliver } from './contexts/delivery';\nexport const deps = { deliver };\n",
  'apps/api/src/contexts/delivery/deliver.ts': `import { AppError } from '../../core/errors';
import { campaignsOf } from '../campaigns';
export function deliver() {
  if (!campaignsOf()) throw new AppError();
  return campaignsOf();
}
`,
  'apps/api/src/contexts/campaigns/index.ts': "export { campaignsOf } from './list';\n",
  'apps/api/src/contexts/campaigns/list.ts': 'export const campaignsOf = (): string[] => [];\n',
  'apps/web/package.json': JSON.stringify({ name: '@rtb/web', private: true }),
  'apps/web/src/lib/api.ts': 'export const get = (path: string) => fetch(path);\n',
  'apps/web/src/shell/layout.tsx': `import { get } from '../lib/api';
export const Layout = () => <main onClick={() => get('/')} />;
`,
  'apps/web/src/features/campaigns/index.ts': "export { CampaignPage } from './campaign-page';\n",
  'apps/web/src/features/campaigns/campaign-page.tsx': 'export const CampaignPage = () => <div />;\n',
  'apps/web/src/features/reports/reports-page.tsx': `import { CampaignPage } from '../campaigns';
export const ReportsPage = () => <CampaignPage />;
`,
  'apps/bidder/package.json': workspace('@rtb/bidder', { '.': './src/main.ts' }),
  'apps/bidder/src/main.ts': `import { decide } from '@rtb/rtb';
export const bid = decide();
`,
  // Tests may compose the API and the bidder: outside every rule.
  'apps/bidder/src/flow.test.ts': `import { app } from '@rtb/api';
import { bid } from './main';
export const both = [app, bid];
`,
  'packages/rtb/package.json': workspace('@rtb/rtb', { '.': './src/index.ts' }),
  'packages/rtb/src/index.ts': `import { currencies } from '@rtb/shared';
export const decide = () => currencies.length;
`,
  'packages/shared/package.json': workspace('@rtb/shared', { '.': './src/index.ts' }),
  'packages/shared/src/index.ts': "export const currencies = ['EUR', 'PLN'];\n",
  'node_modules/pg/package.json': JSON.stringify({ name: 'pg', main: 'index.js' }),
  'node_modules/pg/index.js': 'module.exports = { Client: class {} };\n',
};

// One planted violation of each rule, each in a file of its own.
const planted: Record<string, string> = {
  'packages/shared/src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'packages/shared/src/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  'apps/api/src/contexts/delivery/pace.ts':
    "import { campaignsOf } from '../campaigns/list';\nexport const pace = campaignsOf;\n",
  'apps/api/src/main.ts':
    "import { campaignsOf } from './contexts/campaigns/list';\nexport const m = campaignsOf;\n",
  'apps/api/src/create-deps.ts':
    "import { deliveryRoutes } from './contexts/delivery/runtime';\nexport const deps = { deliveryRoutes };\n",
  'apps/api/src/core/access.ts':
    "import { campaignsOf } from '../contexts/campaigns';\nexport const c = campaignsOf;\n",
  'apps/api/src/contexts/campaigns/pacing.ts':
    "import { deliver } from '../delivery';\nexport const pacing = deliver;\n",
  'apps/web/src/features/reports/summary.tsx':
    "import { CampaignPage } from '../campaigns/campaign-page';\nexport const Summary = CampaignPage;\n",
  'apps/web/src/shell/nav.tsx':
    "import { CampaignPage } from '../features/campaigns';\nexport const Nav = CampaignPage;\n",
  'apps/bidder/src/config.ts': "import { deliver } from '@rtb/api/delivery';\nexport const d = deliver;\n",
  'apps/bidder/src/types.ts': "import type { app } from '@rtb/api';\nexport type App = typeof app;\n",
  'apps/api/src/core/bids.ts': "import { bid } from '@rtb/bidder';\nexport const bids = bid;\n",
  'packages/rtb/src/load.ts': "import { readFileSync } from 'node:fs';\nexport const load = readFileSync;\n",
  'packages/rtb/src/store.ts': "import { Client } from 'pg';\nexport const store = Client;\n",
  'packages/shared/src/contract.ts': "import { app } from '@rtb/api';\nexport const contract = app;\n",
};

const expected = [
  // A cycle is reported once, from its first file.
  ['no-circular', 'packages/shared/src/a.ts', 'packages/shared/src/b.ts'],
  ['api-context-entry', 'apps/api/src/contexts/delivery/pace.ts', 'apps/api/src/contexts/campaigns/list.ts'],
  ['api-context-entry-from-outside', 'apps/api/src/main.ts', 'apps/api/src/contexts/campaigns/list.ts'],
  ['api-not-bidder', 'apps/api/src/core/bids.ts', 'apps/bidder/src/main.ts'],
  ['api-deps-no-runtime', 'apps/api/src/create-deps.ts', 'apps/api/src/contexts/delivery/runtime.ts'],
  ['api-core-independent', 'apps/api/src/core/access.ts', 'apps/api/src/contexts/campaigns/index.ts'],
  [
    'api-context-layers',
    'apps/api/src/contexts/campaigns/pacing.ts',
    'apps/api/src/contexts/delivery/index.ts',
  ],
  [
    'web-feature-entry',
    'apps/web/src/features/reports/summary.tsx',
    'apps/web/src/features/campaigns/campaign-page.tsx',
  ],
  ['web-shared-no-feature', 'apps/web/src/shell/nav.tsx', 'apps/web/src/features/campaigns/index.ts'],
  ['bidder-not-api', 'apps/bidder/src/config.ts', 'apps/api/src/contexts/delivery/index.ts'],
  ['bidder-not-api', 'apps/bidder/src/types.ts', 'apps/api/src/app.ts'],
  ['rtb-no-io', 'packages/rtb/src/load.ts', 'fs'],
  ['rtb-no-io', 'packages/rtb/src/store.ts', 'node_modules/pg/index.js'],
  ['packages-not-apps', 'packages/shared/src/contract.ts', 'apps/api/src/app.ts'],
].map(([rule, from, to]) => `${rule}: ${from} → ${to}`);

const describeViolation = (violation: IViolation) =>
  `${violation.rule.name}: ${violation.from} → ${violation.to}`;

function writeTree(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'arch-rules-')));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  mkdirSync(join(root, 'node_modules/@rtb'), { recursive: true });
  for (const workspacePath of ['apps/api', 'apps/bidder', 'apps/web', 'packages/rtb', 'packages/shared']) {
    const name = workspacePath.split('/')[1] ?? '';
    symlinkSync(join('../..', workspacePath), join(root, 'node_modules/@rtb', name));
  }
  return root;
}

describe('architecture rules (.dependency-cruiser.cjs)', () => {
  const roots: string[] = [];
  let cleanResult: ICruiseResult;
  let plantedResult: ICruiseResult;
  let plantedRoot = '';

  beforeAll(async () => {
    roots.push(writeTree(clean));
    plantedRoot = writeTree({ ...clean, ...planted });
    roots.push(plantedRoot);
    cleanResult = await cruiseTree(roots[0] ?? '');
    plantedResult = await cruiseTree(plantedRoot);
  }, 60_000);

  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it('passes a tree that keeps every rule, and resolves @rtb/* to the sources', () => {
    expect(errors(cleanResult).map(describeViolation)).toEqual([]);
    const main = cleanResult.modules.find((module) => module.source === 'apps/bidder/src/main.ts');
    expect(main?.dependencies.map((dependency) => dependency.resolved)).toEqual([
      'packages/rtb/src/index.ts',
    ]);
    // Test files are not in the graph at all.
    expect(cleanResult.modules.some((module) => module.source.endsWith('.test.ts'))).toBe(false);
  });

  it.each(expected)('reports %s', (violation) => {
    expect(errors(plantedResult).map(describeViolation)).toContain(violation);
  });

  it('reports nothing else', () => {
    expect(errors(plantedResult).map(describeViolation).sort()).toEqual([...expected].sort());
  });

  it('ignores known violations and fails on a new one (the baseline)', async () => {
    const known = errors(plantedResult).filter((violation) => violation.rule.name !== 'rtb-no-io');
    const result = await cruiseTree(plantedRoot, { knownViolations: known });
    expect(errors(result).map(describeViolation).sort()).toEqual(
      expected.filter((violation) => violation.startsWith('rtb-no-io')),
    );
  });
});

describe('the API contexts', () => {
  it('are each in the layers lint holds them to, so none escapes the rule that keeps them acyclic', () => {
    const contexts = readdirSync(join(repoRoot, 'apps/api/src/contexts'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(contexts.sort()).toEqual([...contextLayers].sort());
  });
});

describe('the standalone bidder', () => {
  it('loads no file of the API application, only the bidder and the packages', async () => {
    const result = await cruiseTree(repoRoot);
    const byPath = new Map(result.modules.map((module) => [module.source, module]));
    // What Node loads (type-only imports are erased), every import counted.
    const loaded = new Set<string>();
    const pending = ['apps/bidder/src/main.ts'];
    for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
      if (loaded.has(path)) continue;
      loaded.add(path);
      for (const dependency of byPath.get(path)?.dependencies ?? []) {
        if (!dependency.dependencyTypes.includes('type-only')) pending.push(dependency.resolved);
      }
    }
    expect(loaded.has('apps/bidder/src/app.ts')).toBe(true);
    expect(loaded.has('packages/delivery/src/snapshot/snapshot.ts')).toBe(true);
    const workspaces = new Set(
      [...loaded]
        .filter((path) => /^(apps|packages)\//.test(path))
        .map((path) => path.split('/').slice(0, 2).join('/')),
    );
    expect([...workspaces].sort()).toEqual([
      'apps/bidder',
      'packages/db',
      'packages/delivery',
      'packages/ledger',
      'packages/operations',
      'packages/rtb',
      'packages/shared',
    ]);
    // Nor does it load what only the panels need: payments, PDFs, spreadsheets, mail, API docs.
    const heavy = [...loaded].filter((path) =>
      /node_modules\/(stripe|pdfkit|exceljs|nodemailer|@fastify\/swagger)\//.test(path),
    );
    expect(heavy).toEqual([]);
  }, 120_000);
});
