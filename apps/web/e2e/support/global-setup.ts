import { snapshotWebApp, WEB_SNAPSHOT_ENV } from './web-app';

/** The e2e project's global setup: checks the build and copies it once for the whole run. */
export default async function setup() {
  const snapshot = await snapshotWebApp();
  process.env[WEB_SNAPSHOT_ENV] = snapshot.root;
  return snapshot.remove;
}
