import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { E2EServer } from './server';
import { demo } from './texts';

type ApiMethod = 'GET' | 'POST' | 'PUT';

/** An authenticated API call (through `app.inject`) that must succeed; answers the body's `data`. */
export async function apiData(
  server: E2EServer,
  token: string,
  method: ApiMethod,
  url: string,
  options: { payload?: object; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
): Promise<any> {
  const res = await server.t.call({ method, url, token, ...options });
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
}

/** A token of the demo admin. */
export const adminToken = (server: E2EServer) =>
  server.t.loginAs(demo.admin.kind, demo.admin.login, demo.admin.password);

/** The admin's manual top-up of an advertiser's balance (minor units), as the admin panel posts it. */
export async function topUpAdvertiser(
  server: E2EServer,
  advertiserId: number,
  amount: number,
  reason: string,
) {
  await apiData(server, await adminToken(server), 'POST', `/api/admin/advertisers/${advertiserId}/top-ups`, {
    headers: { 'idempotency-key': randomUUID() },
    payload: { type: 'manual_top_up', amount, reason },
  });
}
