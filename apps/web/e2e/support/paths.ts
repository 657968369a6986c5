/// <reference types="node" />
import { fileURLToPath } from 'node:url';

/** The repository root (this file is apps/web/e2e/support/paths.ts). */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** The built web app the API serves (config.webDist). */
export const webDist = fileURLToPath(new URL('../../dist', import.meta.url));
/** Screenshots (git-ignored): `<name>-<width>.png`, and failures under `failures/`. */
export const screenshotsDir = fileURLToPath(new URL('../../../../e2e/screenshots', import.meta.url));
