import type { AppConfig } from '../../../api/src/config';
import { createTestApp, type TestApp } from '../../../api/src/test/harness';
import { snapshotWebApp, WEB_SNAPSHOT_ENV } from './web-app';

export interface E2EServer {
  /** The test app: `t.outbox()`, `t.call(...)`, `t.referenceId(...)`, its database. */
  t: TestApp;
  /** e.g. http://127.0.0.1:41234 */
  baseURL: string;
  close(): Promise<void>;
}

/**
 * The real API with the demo data on its own migrated database (PGlite, or a temporary
 * PostgreSQL database with DATABASE_URL), serving a copy of apps/web/dist, on a free port of
 * 127.0.0.1.
 */
export async function startServer(config: Partial<AppConfig> = {}): Promise<E2EServer> {
  // The run's copy of apps/web/dist (global setup), or a copy of this file's own.
  const shared = process.env[WEB_SNAPSHOT_ENV];
  const own = shared ? null : await snapshotWebApp();
  const webDist = own?.root ?? shared ?? '';
  const t = await createTestApp({ demo: true, config: { webDist, ...config } });
  const close = async () => {
    await t.close();
    await own?.remove();
  };
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await close();
    throw error;
  }
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error(`unexpected server address ${address}`);
  return { t, baseURL: `http://127.0.0.1:${address.port}`, close };
}
