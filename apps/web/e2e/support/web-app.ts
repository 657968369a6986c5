import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webDist } from './paths';

/** Env var naming the copy of apps/web/dist that the e2e global setup made for the run. */
export const WEB_SNAPSHOT_ENV = 'RTB_E2E_WEB_DIST';

/** Fails early and clearly when the web app has not been built (the API would answer 404s). */
export function assertWebAppBuilt(): void {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(
      `The e2e tests need the built web app, and ${join(webDist, 'index.html')} does not exist. ` +
        'Build it first: `npm run build -w @rtb/web` (npm test does this itself).',
    );
  }
}

/** Every /assets/ file index.html loads exists next to it (the copy is not half old, half new). */
async function complete(root: string): Promise<boolean> {
  const html = await readFile(join(root, 'index.html'), 'utf8').catch(() => '');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
  return html !== '' && assets.every((asset) => existsSync(join(root, asset)));
}

/**
 * A private copy of apps/web/dist (without source maps), so that a `vite build` started
 * meanwhile (it empties dist first) cannot pull the files from under a running test.
 */
export async function snapshotWebApp(): Promise<{ root: string; remove: () => Promise<void> }> {
  assertWebAppBuilt();
  const root = await mkdtemp(join(tmpdir(), 'rtb-e2e-web-'));
  for (let attempt = 1; ; attempt++) {
    await cp(webDist, root, { recursive: true, filter: (source) => !source.endsWith('.map') });
    if (await complete(root)) break;
    if (attempt === 10) {
      await rm(root, { recursive: true, force: true });
      throw new Error(`${webDist} stays incomplete (a build running?); build it again and retry`);
    }
    await rm(root, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assertWebAppBuilt();
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
