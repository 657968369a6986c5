// Architecture boundaries, checked by `npm run lint` (lint:architecture). docs/ARCHITECTURE.md,
// "Rules and how lint enforces them", says what each rule is for; decision 0008 says why.
//
// Every rule is an error. What the tree breaks today is listed in
// .dependency-cruiser-known-violations.json and ignored (`--ignore-known`): only a new violation
// fails. That list is the ratchet: a change may remove entries, and regenerates it
// (`npm run lint:architecture:baseline`) only to drop what it fixed or to follow a file it moved.
//
// Cycles: biome 2.5's `noImportCycles` flags 42 cycles today and has no baseline, so it stays off
// (turning it on would take ignores, which hide new cycles too). `no-circular` below, with the
// baseline, is the enforcement.

// Test code composes whatever it needs (an API database for a bidder test, one feature's fixtures
// in another's test) and ships in no deployable, so it is left out of the graph, and so of every
// rule: test files, test/ e2e/ test-utils/ folders, and the helpers and fixtures only tests import.
const testCode = [
  '\\.(test|e2e)\\.tsx?$',
  '(^|/)(test|e2e|test-utils)/',
  '(^|/)(test-helpers|test-fixtures|test-users|[\\w-]*test-utils)\\.tsx?$',
  '^packages/db/src/testing\\.ts$',
];

const source = '^(apps|packages)/[^/]+/src/';
const api = 'apps/api/src';
const web = 'apps/web/src';

const { contextLayers } = require('./scripts/architecture/context-layers.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle between source files: the files cannot be understood, tested or moved apart, and ' +
        'module initialisation order decides what is undefined.',
      from: { path: source },
      to: { circular: true },
    },
    {
      name: 'api-context-entry',
      severity: 'error',
      comment:
        'A context imports another context only through its index.ts. Applies to every folder ' +
        'under apps/api/src/contexts/ as soon as it exists.',
      from: { path: `^${api}/contexts/([^/]+)/` },
      to: {
        path: `^${api}/contexts/[^/]+/`,
        pathNot: [`^${api}/contexts/$1/`, `^${api}/contexts/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'api-context-entry-from-outside',
      severity: 'error',
      comment:
        'The rest of the API (app.ts, create-deps.ts, runtime.ts) uses a context only through its ' +
        'index.ts; app.ts and runtime.ts mount and start it (routes, workers, schedulers) from its ' +
        'runtime.ts, which no context and no create-deps.ts imports. ' +
        '(core/ uses none: api-core-independent).',
      from: { path: `^${api}/`, pathNot: `^${api}/(contexts|core)/` },
      to: { path: `^${api}/contexts/[^/]+/`, pathNot: `^${api}/contexts/[^/]+/(index|runtime)\\.ts$` },
    },
    ...contextLayers.slice(0, -1).map((context, index) => ({
      name: 'api-context-layers',
      severity: 'error',
      comment:
        `The ${context} context builds on the contexts listed before it in contextLayers and ` +
        'imports none listed after it (the graph of contexts stays without a cycle).',
      from: { path: `^${api}/contexts/${context}/` },
      to: { path: `^${api}/contexts/(${contextLayers.slice(index + 1).join('|')})/` },
    })),
    {
      name: 'api-deps-no-runtime',
      severity: 'error',
      comment:
        'create-deps.ts builds what services need (tests make deps with it and no app): it takes ' +
        'contexts from their index.ts, never the runtime.ts that brings their routes and workers.',
      from: { path: `^${api}/create-deps\\.ts$` },
      to: { path: `^${api}/contexts/[^/]+/runtime\\.ts$` },
    },
    {
      name: 'api-core-independent',
      severity: 'error',
      comment:
        'core/ is what every context builds on; it imports no module or context (a context ' +
        'registers itself with core, not the other way round).',
      from: { path: `^${api}/core/` },
      to: { path: `^${api}/(modules|contexts)/` },
    },
    {
      name: 'web-feature-entry',
      severity: 'error',
      comment: 'A web feature imports another feature only through its index.ts or index.tsx.',
      from: { path: `^${web}/features/([^/]+)/` },
      to: {
        path: `^${web}/features/[^/]+/`,
        pathNot: [`^${web}/features/$1/`, `^${web}/features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      // app/ and panels/ route to features' pages, each a lazy chunk imported by its own path,
      // so they are not held to the index (an index re-exporting every page would defeat the split).
      name: 'web-shared-no-feature',
      severity: 'error',
      comment:
        'shell/, lib/, auth/, account/ and locales/ are shared by every feature and import none ' +
        '(a feature plugs into the shell, not the other way round).',
      from: { path: `^${web}/(shell|lib|auth|account|locales)/` },
      to: { path: `^${web}/features/` },
    },
    {
      name: 'bidder-not-api',
      severity: 'error',
      comment:
        'The bidder is a deployable of its own: it does not load the API (@rtb/api). What both ' +
        'need belongs in a package.',
      from: { path: '^apps/bidder/src/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'api-not-bidder',
      severity: 'error',
      comment:
        'The API application does not load the bidder: `npm start` composes both in an entry of ' +
        'its own (apps/all-in-one), and what both need is in packages/delivery.',
      from: { path: '^apps/api/src/' },
      to: { path: '^apps/(bidder|all-in-one)/' },
    },
    {
      name: 'rtb-no-io',
      severity: 'error',
      comment:
        'packages/rtb is pure ad logic: no files, network, processes, database or Redis. It is ' +
        'given data and returns decisions.',
      from: { path: '^packages/rtb/src/' },
      to: {
        path: [
          '^(node:)?(fs|fs/promises|net|http|https|http2|child_process|dgram|dns|dns/promises|tls|cluster|worker_threads)$',
          '(^|/)node_modules/(pg|ioredis|@electric-sql/pglite|drizzle-orm)/',
          '^packages/db/',
          '^apps/',
        ],
      },
    },
    {
      name: 'packages-not-apps',
      severity: 'error',
      comment: 'Packages are below the apps: they import no app (@rtb/api, bidder, web, simulator).',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    exclude: { path: [...testCode, '(^|/)dist/'] },
    // npm packages stay in the graph as leaves (excluding them would hide pg from rtb-no-io).
    doNotFollow: { path: '(^|/)node_modules/' },
    // Type-only imports couple as much as value imports do.
    tsPreCompilationDeps: true,
    // The @rtb/* workspace packages are symlinks in node_modules whose package.json exports point
    // at their TypeScript sources: resolve to the real path so the graph crosses packages.
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    moduleSystems: ['es6', 'cjs'],
    skipAnalysisNotInRules: true,
  },
};
