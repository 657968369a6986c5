import { activityLogs, demoAccounts } from '@rtb/db';
import { recordDeliveryEvents } from '@rtb/delivery';
import {
  type ConversionDebug,
  conversionMessages,
  conversionResponse,
  conversionSettingsResponse,
  conversionsResponse,
  messages,
  postbackSettingsResponse,
} from '@rtb/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activatedUser, demoAndOtherOrganisations } from '../../identity/users/test-helpers';

/**
 * Issue 25, the Tags tab's conversion routes: the maximum order value of browser conversions,
 * the postback secret (only the advertiser's users who may change integrations read it, or an
 * agency acting for it), the conversions with the held ones, and their confirmation; each change
 * in the activity log, another advertiser's data out of reach.
 */
let t: TestApp;
let shop: string;
let solo: string;
let viewer: string;
let ids: Awaited<ReturnType<typeof demoAndOtherOrganisations>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true, config: { rtbPublicUrl: 'https://rtb.example.com' } });
  const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  ids = await demoAndOtherOrganisations(t, admin);
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  viewer = (
    await activatedUser(t, admin, 'advertiser', ids.demoShop, {
      email: 'viewer@demo-shop.example.com',
      role: 'viewer',
    })
  ).token;
});
afterAll(() => t.close());

const lastActivity = async (entityType: 'conversion_settings' | 'conversion', entityId: number) =>
  (
    await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityType, entityType), eq(activityLogs.entityId, String(entityId))))
      .orderBy(desc(activityLogs.id))
      .limit(1)
  )[0];

/** Browser conversions of Demo Shop, as the pixel records them (no ad touch: unattributed). */
async function pixelConversions(values: number[]): Promise<string[]> {
  const orders = values.map((_, i) => `T-${Date.now()}-${i}`);
  await inTransaction(t.deps, (tx) =>
    recordDeliveryEvents(
      tx,
      values.map((valueMinor, i) => ({
        kind: 'conversion',
        source: 'conversion',
        occurredAt: new Date(),
        advertiserId: ids.demoShop,
        orderId: orders[i] as string,
        valueMinor,
        userId: null,
      })),
    ),
  );
  return orders;
}
const conversionsOf = async (token: string, query = '') => {
  const res = await t.call({ method: 'GET', url: `/api/advertiser/tag/conversions${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return conversionsResponse.parse(res.body).data;
};
const heldOf = async (orders: string[]) =>
  (await conversionsOf(shop, '?status=held&limit=200')).conversions.filter((c) => orders.includes(c.orderId));

describe('conversion settings', () => {
  const url = '/api/advertiser/tag/conversion-settings';

  it('shows the default maximum until one is set; sets, audits and resets it', async () => {
    const first = await t.call({ method: 'GET', url, token: viewer });
    expect(first.status).toBe(200);
    expect(conversionSettingsResponse.parse(first.body).data.conversionSettings).toEqual({
      currency: 'PLN',
      maxOrderValueMinor: null,
      defaultMaxOrderValueMinor: 1_000_000,
    });
    const set = await t.call({ method: 'PUT', url, token: shop, payload: { maxOrderValueMinor: 250_000 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.conversionSettings.maxOrderValueMinor).toBe(250_000);
    expect((await lastActivity('conversion_settings', ids.demoShop))?.changes).toEqual({
      before: { maxOrderValueMinor: null },
      after: { maxOrderValueMinor: 250_000 },
    });
    // A browser conversion above it is held now.
    const [over] = await pixelConversions([250_001]);
    expect((await heldOf([over as string]))[0]?.holdReasons).toEqual(['value_above_maximum']);

    const reset = await t.call({ method: 'PUT', url, token: shop, payload: { maxOrderValueMinor: null } });
    expect(reset.body.data.conversionSettings.maxOrderValueMinor).toBeNull();
    // The other advertiser's settings were never touched.
    expect(
      (await t.call({ method: 'GET', url, token: solo })).body.data.conversionSettings.maxOrderValueMinor,
    ).toBe(null);
  });

  it('refuses amounts that are not a positive whole number of minor units, and users who may only read', async () => {
    for (const maxOrderValueMinor of [0, -1, 1.5, 1e13, '100', undefined]) {
      const res = await t.call({ method: 'PUT', url, token: shop, payload: { maxOrderValueMinor } });
      expect(res.status, String(maxOrderValueMinor)).toBe(422);
      expect(res.body.errors.maxOrderValueMinor).toBeDefined();
    }
    const res = await t.call({ method: 'PUT', url, token: viewer, payload: { maxOrderValueMinor: 100 } });
    expect([res.status, res.body.message]).toEqual([403, messages.forbidden]);
  });
});

describe('the postback secret', () => {
  const url = '/api/advertiser/tag/postback';

  it('is made once, read only with integrations write, and rotated with an activity-log row that holds no secret', async () => {
    const first = await t.call({ method: 'GET', url, token: shop });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const postback = postbackSettingsResponse.parse(first.body).data.postback;
    expect(postback).toMatchObject({
      url: 'https://rtb.example.com/rtb/postback',
      advertiserId: ids.demoShop,
      currency: 'PLN',
    });
    expect(postback.secret).toMatch(/^rtbps_[A-Za-z0-9_-]{43}$/);
    expect((await t.call({ method: 'GET', url, token: shop })).body.data.postback.secret).toBe(
      postback.secret,
    );

    for (const token of [viewer, undefined]) {
      const refused = await t.call({ method: 'GET', url, token });
      expect(refused.status).toBe(token ? 403 : 401);
      expect(JSON.stringify(refused.body)).not.toContain(postback.secret);
    }
    const other = await t.call({ method: 'GET', url, token: solo });
    expect(other.body.data.postback.secret).not.toBe(postback.secret);

    expect((await t.call({ method: 'POST', url: `${url}/secret`, token: viewer })).status).toBe(403);
    const rotated = await t.call({ method: 'POST', url: `${url}/secret`, token: shop });
    expect(rotated.status).toBe(200);
    const next = rotated.body.data.postback.secret;
    expect(next).not.toBe(postback.secret);
    expect((await t.call({ method: 'GET', url, token: shop })).body.data.postback.secret).toBe(next);
    const row = await lastActivity('conversion_settings', ids.demoShop);
    expect(row?.event).toBe('updated');
    expect(Object.keys((row?.changes as { after?: object } | undefined)?.after ?? {})).toEqual([
      'postbackSecretCreatedAt',
    ]);
    expect(JSON.stringify(row?.changes)).not.toContain('rtbps_');
  });

  it('reaches an agency user only through "log in as" the advertiser', async () => {
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    expect((await t.call({ method: 'GET', url, token: agency })).status).toBe(403);
    const asShop = await t.call({
      method: 'POST',
      url: `/api/agency/advertisers/${ids.demoShop}/auth`,
      token: agency,
    });
    expect(asShop.status, JSON.stringify(asShop.body)).toBe(200);
    const res = await t.call({ method: 'GET', url, token: asShop.body.data.authToken });
    expect(res.body.data.postback.advertiserId).toBe(ids.demoShop);
    // A forged header names nothing the token does not reach.
    const forged = await t.call({
      method: 'GET',
      url,
      token: shop,
      headers: { 'advertiser-id': String(ids.solo) },
    });
    expect(forged.status).toBe(403);
  });
});

describe('held conversions', () => {
  it('are listed with their reasons; confirming one counts it once and is audited', async () => {
    const [held, counted] = await pixelConversions([5_000_000, 1_000]);
    const { conversions, heldCount } = await conversionsOf(viewer);
    const shown = conversions.filter((c) => c.orderId === held || c.orderId === counted);
    expect(shown.map((c) => [c.orderId, c.source, c.status, c.holdReasons])).toEqual([
      [counted, 'pixel', 'counted', []],
      [held, 'pixel', 'held', ['value_above_maximum']],
    ]);
    expect(heldCount).toBeGreaterThanOrEqual(1);
    const heldRow = shown.find((c) => c.orderId === held) as ConversionDebug;
    const countedRow = shown.find((c) => c.orderId === counted) as ConversionDebug;
    const confirm = (id: number, token = shop) =>
      t.call({ method: 'POST', url: `/api/advertiser/tag/conversions/${id}/confirm`, token });

    expect((await confirm(heldRow.id, viewer)).status).toBe(403);
    // Another advertiser's user: the same answer as a missing id.
    const foreign = await confirm(heldRow.id, solo);
    expect([foreign.status, foreign.body]).toEqual([
      404,
      { message: messages.notFound, code: 404, error: 'common.not_found' },
    ]);
    expect((await confirm(987_654_321)).status).toBe(404);
    const notHeld = await confirm(countedRow.id);
    expect([notHeld.status, notHeld.body.errors]).toEqual([422, { id: [conversionMessages.notHeld] }]);

    const res = await confirm(heldRow.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(conversionResponse.parse(res.body).data.conversion).toMatchObject({
      id: heldRow.id,
      status: 'confirmed',
      confirmedBy: 'user',
      confirmedValueMinor: 5_000_000,
    });
    expect((await lastActivity('conversion', heldRow.id))?.changes).toEqual({
      before: { status: 'held' },
      after: { status: 'confirmed' },
    });
    const again = await confirm(heldRow.id);
    expect([again.status, again.body.errors]).toEqual([422, { id: [conversionMessages.notHeld] }]);
    // The raw events: the held one and one confirmation, which alone is valid.
    const rows = await t.database.db.execute(
      `select event_key, invalid_reason from delivery_events where order_id = '${held}' order by event_key`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { event_key: `confirmed:${ids.demoShop}:${held}`, invalid_reason: null },
      { event_key: `conversion:${ids.demoShop}:${held}`, invalid_reason: 'held' },
    ]);
    // Another advertiser sees none of them.
    const theirs = await conversionsOf(solo);
    expect(theirs.conversions.some((c) => c.orderId === held || c.orderId === counted)).toBe(false);
  });
});
