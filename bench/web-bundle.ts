/**
 * How much JavaScript each route of the web app loads, gzipped (level 9, file by file): the
 * login route (the entry chunk and its static imports, and the English public texts the entry
 * loads before it renders), what the login form loads once the user starts on it, and each
 * panel's lazy chunk set (the panel's routes.tsx chunk, which the router imports dynamically, its
 * first page's chunk and its English text sets, with their static imports not already loaded by
 * the login route), each against the total of all JS in the build. Ends with checks that the
 * login route loads no panel code and no zod (read from the source maps).
 *
 *   node --import tsx bench/web-bundle.ts                      # builds apps/web into a temp dir
 *   WEB_DIST=apps/web/dist node --import tsx bench/web-bundle.ts   # measures an existing build
 *
 * bench/README.md describes the output. Exits 1 when the check fails.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webRoot = fileURLToPath(new URL('../apps/web/', import.meta.url));
const panels = ['admin', 'agency', 'advertiser'] as const;
const panelModule = (panel: string) => `src/panels/${panel}/routes.tsx`;
/** A set of texts in English (src/locales/index.ts `textSets`; the router loads a page's sets with it). */
const englishTexts = (set: string) => `src/locales/en/${set}-set.ts`;
/** What main.tsx loads before the first render besides the entry: the public texts. */
const loginTexts = [englishTexts('public')];
/**
 * What the login page loads once the user starts on the form (account/login-page.tsx): the calls
 * (zod, the schema, the contract), the resolver that checks the form and the errors' texts.
 */
const loginFormModules = [
  'src/account/login-calls.ts',
  'src/shell/form/code-resolver.ts',
  englishTexts('errors'),
];
/** The text sets the router loads with each panel (src/app/router.tsx). */
const panelTexts: Record<(typeof panels)[number], string[]> = {
  admin: ['errors', 'panels', 'admin'].map(englishTexts),
  agency: ['errors', 'panels'].map(englishTexts),
  advertiser: ['errors', 'panels'].map(englishTexts),
};
/**
 * The module of each panel's first page (its first navigation entry, where the panel opens): the
 * panels load their pages lazily, so opening a panel loads its routes chunk and this page's chunk.
 */
const firstPageModule: Record<(typeof panels)[number], string> = {
  admin: 'src/features/agencies/agencies-page.tsx',
  agency: 'src/features/agency-overview/agency-overview-page.tsx',
  advertiser: 'src/features/performance/advertiser-home-page.tsx',
};

/** One entry of Vite's .vite/manifest.json. */
interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface FileSize {
  raw: number;
  gzip: number;
}

/** A production build of apps/web with its vite.config.ts (manifest on), into a temp dir. */
async function buildIntoTemp(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const { build } = await import('vite');
  const dir = await mkdtemp(join(tmpdir(), 'rtb-web-bundle-'));
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true, manifest: true },
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

async function readManifest(dir: string): Promise<Manifest> {
  const path = join(dir, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new Error(
      `${path} does not exist: build with build.manifest (apps/web/vite.config.ts sets it), ` +
        'e.g. `npm run build -w @rtb/web`, or leave WEB_DIST unset to build into a temp dir',
    );
  }
  return JSON.parse(await readFile(path, 'utf8')) as Manifest;
}

/** The manifest keys a key loads: itself and its static imports, recursively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * The manifest key of the chunk holding a module: the module itself when it is an entry or a
 * dynamic entry, else the common chunk whose source map lists it (a module imported both
 * statically and dynamically is bundled into a common chunk).
 */
async function chunkKeyOf(manifest: Manifest, dir: string, module: string): Promise<string> {
  if (manifest[module]) return module;
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.file.endsWith('.js') && (await modulesOf(dir, chunk.file))?.includes(module)) return key;
  }
  throw new Error(`no chunk of the build holds ${module}`);
}

/** The source modules bundled into a JS file, from its source map (paths relative to apps/web). */
async function modulesOf(dir: string, file: string): Promise<string[] | null> {
  const mapPath = join(dir, `${file}.map`);
  if (!existsSync(mapPath)) return null;
  const map = JSON.parse(await readFile(mapPath, 'utf8')) as { sources?: string[]; sourceRoot?: string };
  const base = resolve(dirname(mapPath), map.sourceRoot ?? '');
  return (map.sources ?? []).map((source) => relative(webRoot, resolve(base, source)).replaceAll('\\', '/'));
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
const pad = (value: string, width: number, right = false) =>
  right ? value.padStart(width) : value.padEnd(width);

async function main() {
  const given = process.env.WEB_DIST;
  const built = given ? null : await buildIntoTemp();
  const dir = given ? resolve(given) : (built?.dir ?? '');
  try {
    const manifest = await readManifest(dir);
    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entryKey) throw new Error('the manifest has no entry');

    // Sizes of every JS file of the build (not only those the manifest names).
    const assets = (await readdir(join(dir, 'assets'))).filter((name) => name.endsWith('.js'));
    const sizes = new Map<string, FileSize>();
    for (const name of assets) {
      const content = await readFile(join(dir, 'assets', name));
      sizes.set(`assets/${name}`, { raw: content.length, gzip: gzipSync(content, { level: 9 }).length });
    }
    const sizeOf = (files: Iterable<string>) => {
      let raw = 0;
      let gzip = 0;
      for (const file of files) {
        const size = sizes.get(file);
        if (!size) throw new Error(`no JS file ${file} in ${dir}/assets`);
        raw += size.raw;
        gzip += size.gzip;
      }
      return { raw, gzip };
    };
    const filesOf = (keys: Iterable<string>) =>
      new Set([...keys].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js')));

    const loginKeys = new Set([entryKey, ...loginTexts].flatMap((key) => [...staticClosure(manifest, key)]));
    const loginFiles = filesOf(loginKeys);
    const loginFormKeys = await Promise.all(
      loginFormModules.map((module) => chunkKeyOf(manifest, dir, module)),
    );
    const loginFormFiles = filesOf(
      loginFormKeys.flatMap((key) => [...staticClosure(manifest, key)]).filter((k) => !loginKeys.has(k)),
    );
    const panelFiles = new Map<string, Set<string>>();
    for (const panel of panels) {
      const key = panelModule(panel);
      if (!manifest[key]?.isDynamicEntry) {
        throw new Error(
          `${key} is not a lazily loaded chunk of its own (not a dynamic entry in the manifest)`,
        );
      }
      const firstPage = firstPageModule[panel];
      if (!manifest[firstPage]?.isDynamicEntry) {
        throw new Error(`${firstPage} (the ${panel} panel's first page) is not a lazily loaded chunk`);
      }
      const keys = [key, firstPage, ...panelTexts[panel]]
        .flatMap((k) => [...staticClosure(manifest, k)])
        .filter((k) => !loginKeys.has(k));
      panelFiles.set(panel, filesOf(keys));
    }

    const total = sizeOf(sizes.keys());
    const rows: [string, Set<string>][] = [
      ['login route (entry, imports, public texts)', loginFiles],
      ['login form, once the user starts on it', loginFormFiles],
      ...panels.map((panel): [string, Set<string>] => [
        `${panel} panel + first page (beyond login)`,
        panelFiles.get(panel) ?? new Set(),
      ]),
      ['all JS', new Set(sizes.keys())],
    ];

    const source = given ? dir : 'vite build of apps/web into a temp dir';
    console.log(`web-bundle: ${source}; gzip level 9, file by file; kB = 1000 bytes`);
    console.log(
      `${pad('set', 42)}  ${pad('files', 5, true)}  ${pad('raw kB', 8, true)}  ${pad('gzip kB', 8, true)}  ${pad('of all JS (gzip)', 16, true)}`,
    );
    console.log(`${'-'.repeat(42)}  -----  --------  --------  ----------------`);
    for (const [label, files] of rows) {
      const size = sizeOf(files);
      console.log(
        `${pad(label, 42)}  ${pad(String(files.size), 5, true)}  ${pad(kB(size.raw), 8, true)}  ${pad(kB(size.gzip), 8, true)}  ${pad(percent(size.gzip, total.gzip), 16, true)}`,
      );
    }

    console.log('\nfiles (gzip kB, loaded by):');
    for (const file of [...sizes.keys()].sort(
      (a, b) => (sizes.get(b)?.gzip ?? 0) - (sizes.get(a)?.gzip ?? 0),
    )) {
      const users = [
        ...(loginFiles.has(file) ? ['login'] : []),
        ...(loginFormFiles.has(file) ? ['login form'] : []),
        ...panels.filter((panel) => panelFiles.get(panel)?.has(file)),
      ];
      console.log(
        `  ${pad(file, 44)}  ${pad(kB(sizes.get(file)?.gzip ?? 0), 7, true)}  ${users.join(', ') || '(not loaded by these routes)'}`,
      );
    }

    // The checks: no module of src/panels/, nor any module bundled into a panel's own chunks, is
    // in a file the login route loads; nor is zod (the login form loads it once the user starts).
    const loginModules = new Set<string>();
    const panelModules = new Set<string>();
    const unmapped: string[] = [];
    for (const file of loginFiles) {
      const modules = await modulesOf(dir, file);
      if (!modules) unmapped.push(file);
      for (const module of modules ?? []) loginModules.add(module);
    }
    for (const files of panelFiles.values()) {
      for (const file of files) {
        for (const module of (await modulesOf(dir, file)) ?? []) panelModules.add(module);
      }
    }
    // The bundler's own helpers (its runtime, the preload helper) have no source to map.
    const mapped = unmapped.length < loginFiles.size;
    const unmappedNote =
      unmapped.length > 0 ? `; ${unmapped.length} files without a map: ${unmapped.join(', ')}` : '';
    const panelChunkInLogin = panels.filter((panel) => loginKeys.has(panelModule(panel)));
    const leaked = [...loginModules].filter(
      (module) => module.startsWith('src/panels/') || panelModules.has(module),
    );
    const panelsOk = mapped && panelChunkInLogin.length === 0 && leaked.length === 0;
    console.log(
      `\ncheck: the login route loads no panel code (no panel routes chunk; ${leaked.length} of its ${loginModules.size} modules under src/panels/ or in a panel chunk${unmappedNote}): ${panelsOk ? 'ok' : 'FAILED'}`,
    );
    if (!mapped) console.log('  no source maps to read the modules from');
    for (const panel of panelChunkInLogin) console.log(`  the entry loads ${panelModule(panel)} statically`);
    for (const module of leaked.slice(0, 30)) console.log(`  ${module}`);

    const zod = [...loginModules].filter((module) => module.includes('node_modules/zod/'));
    const zodOk = mapped && zod.length === 0;
    console.log(
      `check: the login route loads no zod (${zod.length} of its modules): ${zodOk ? 'ok' : 'FAILED'}`,
    );
    for (const module of zod.slice(0, 10)) console.log(`  ${module}`);

    const login = sizeOf(loginFiles);
    console.log(
      `web-bundle: login route = ${(login.gzip / total.gzip).toFixed(2)}x of all JS (${kB(login.gzip)} of ${kB(total.gzip)} kB gzip)`,
    );
    process.exitCode = panelsOk && zodOk ? 0 : 1;
  } finally {
    await built?.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
