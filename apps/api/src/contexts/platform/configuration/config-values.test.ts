import { activityLogs, demoAccounts } from '@rtb/db';
import { configKeys, configurationMessages, messages, organisationMessages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  const res = await t.call({ method: 'GET', url: '/api/admin/config-values', token: admin });
  for (const row of res.body.data.configValues.elements) ids[row.key] = row.id;
});
afterAll(() => t.close());

const put = (key: string, value: unknown) =>
  t.call({ method: 'PUT', url: `/api/admin/config-values/${ids[key]}`, token: admin, payload: { value } });

describe('GET /api/admin/config-values', () => {
  it('lists every setting with its type, value and description, sorted by key', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/config-values', token: admin });
    expect(res.status).toBe(200);
    const { elements, meta } = res.body.data.configValues;
    expect(elements.map((e: { key: string }) => e.key)).toEqual([
      'activation_lifetime_hours',
      'auth_token_lifetime_hours',
      'banner_max_file_kb',
      'banner_sizes',
      'base_currency',
      'campaign_min_cpm',
      'campaign_min_daily_budget',
      'default_commission_percent',
      'default_time_zone',
      'invoice_tax_percent',
      'maintenance',
      'max_amount',
      'password_reset_lifetime_minutes',
      'platform_margin_percent',
      'seller_address',
      'seller_bank_account',
      'seller_country',
      'seller_name',
      'seller_tax_id',
      'support_email',
    ]);
    expect(meta.total).toBe(20);
    expect(elements).toContainEqual({
      id: expect.any(Number),
      key: 'maintenance',
      type: 'boolean',
      value: false,
      description: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(elements).toContainEqual(
      expect.objectContaining({ key: 'base_currency', type: 'string', value: 'PLN' }),
    );
    expect(elements).toContainEqual(
      expect.objectContaining({ key: 'auth_token_lifetime_hours', value: 168 }),
    );
  });

  it('searches and sorts', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/admin/config-values?search=lifetime&sort=key&order=desc',
      token: admin,
    });
    expect(res.body.data.configValues.elements.map((e: { key: string }) => e.key)).toEqual([
      'password_reset_lifetime_minutes',
      'auth_token_lifetime_hours',
      'activation_lifetime_hours',
    ]);
  });

  it('GET one by id, 404 for an unknown one', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/admin/config-values/${ids.support_email}`,
      token: admin,
    });
    expect(res.body.data.configValue).toMatchObject({
      key: 'support_email',
      type: 'email',
      value: 'support@example.com',
    });
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/config-values/999999', token: admin })).status,
    ).toBe(404);
  });
});

describe('PUT /api/admin/config-values/:id', () => {
  it.each([
    ['auth_token_lifetime_hours', 24, 24],
    ['auth_token_lifetime_hours', '12', 12],
    ['password_reset_lifetime_minutes', 0, 0],
    ['default_commission_percent', '12.5', '12.50'],
    ['default_commission_percent', '20.00', '20.00'],
    ['support_email', ' help@example.org ', 'help@example.org'],
    ['base_currency', 'EUR', 'EUR'],
    ['base_currency', 'PLN', 'PLN'],
    ['seller_country', 'DE', 'DE'],
    ['invoice_tax_percent', '19', '19.00'],
    ['banner_sizes', '300x250', '300x250'],
    ['banner_sizes', ' 300x250, 728x90 ,300x250,9999x1 ', '300x250,728x90,9999x1'],
    ['banner_max_file_kb', 1, 1],
    ['banner_max_file_kb', '10240', 10240],
    ['campaign_min_cpm', '0', '0.00'],
    ['campaign_min_cpm', '2.5', '2.50'],
    ['campaign_min_daily_budget', '0.00', '0.00'],
    ['campaign_min_daily_budget', '25', '25.00'],
    ['platform_margin_percent', '0', '0.00'],
    ['platform_margin_percent', '99.99', '99.99'],
    ['default_time_zone', 'America/New_York', 'America/New_York'],
    ['default_time_zone', 'UTC', 'UTC'],
    ['default_time_zone', 'Europe/Warsaw', 'Europe/Warsaw'],
  ])('sets %s to %j (stored as %j)', async (key, value, stored) => {
    const res = await put(key, value);
    expect(res.status).toBe(200);
    expect(res.body.data.configValue).toMatchObject({ key, value: stored });
    const again = await t.call({ method: 'GET', url: `/api/admin/config-values/${ids[key]}`, token: admin });
    expect(again.body.data.configValue.value).toEqual(stored);
  });

  it.each([
    ['maintenance', 'yes', configurationMessages.booleanValue],
    ['maintenance', 1, configurationMessages.booleanValue],
    ['auth_token_lifetime_hours', -1, configurationMessages.integerValue],
    ['auth_token_lifetime_hours', 1.5, configurationMessages.integerValue],
    ['auth_token_lifetime_hours', 'ten', configurationMessages.integerValue],
    ['auth_token_lifetime_hours', true, configurationMessages.integerValue],
    ['default_commission_percent', '12.345', configurationMessages.decimalValue],
    ['default_commission_percent', 'abc', configurationMessages.decimalValue],
    ['default_commission_percent', false, configurationMessages.decimalValue],
    ['support_email', 'not-an-email', configurationMessages.emailValue],
    ['support_email', 5, configurationMessages.emailValue],
    ['base_currency', '  ', configurationMessages.stringValue],
    ['base_currency', 'XYZ', messages.unknownCurrency],
    ['seller_country', 'XX', messages.unknownCountry],
    ['invoice_tax_percent', '100.01', organisationMessages.percent],
    ['banner_sizes', '300X250', configurationMessages.bannerSizes],
    ['banner_sizes', '300x250,', configurationMessages.bannerSizes],
    ['banner_sizes', '300x250;728x90', configurationMessages.bannerSizes],
    ['banner_sizes', '12345x90', configurationMessages.bannerSizes],
    ['banner_sizes', '0x250', configurationMessages.bannerSizes],
    ['banner_sizes', 'x250', configurationMessages.bannerSizes],
    ['banner_sizes', ' ', configurationMessages.stringValue],
    ['banner_max_file_kb', 0, configurationMessages.bannerMaxFileKb],
    ['banner_max_file_kb', 10241, configurationMessages.bannerMaxFileKb],
    ['banner_max_file_kb', 1.5, configurationMessages.integerValue],
    ['campaign_min_cpm', '-1', configurationMessages.decimalValue],
    ['campaign_min_cpm', '1.005', configurationMessages.decimalValue],
    ['campaign_min_daily_budget', '-0.01', configurationMessages.decimalValue],
    ['campaign_min_daily_budget', 'ten', configurationMessages.decimalValue],
    ['platform_margin_percent', '100', configurationMessages.marginPercent],
    ['platform_margin_percent', '150.00', configurationMessages.marginPercent],
    ['platform_margin_percent', '-5', configurationMessages.decimalValue],
    ['default_time_zone', 'Europe/Atlantis', configurationMessages.timeZone],
    ['default_time_zone', 'warsaw', configurationMessages.timeZone],
    ['default_time_zone', '../etc/passwd', configurationMessages.timeZone],
  ])('refuses %s = %j with 422 on value', async (key, value, message) => {
    const res = await put(key, value);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: messages.validation,
      code: 422,
      error: 'validation.failed',
      errors: { value: [message] },
      issues: expect.any(Object),
    });
  });

  it('answers 422 without a value and 404 for an unknown id', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/admin/config-values/${ids.maintenance}`,
      token: admin,
      payload: {},
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['value']);
    const missing = await t.call({
      method: 'PUT',
      url: '/api/admin/config-values/999999',
      token: admin,
      payload: { value: 1 },
    });
    expect(missing.status).toBe(404);
  });

  it('logs the change, and nothing when the value stays the same', async () => {
    await put('activation_lifetime_hours', 48);
    await put('activation_lifetime_hours', 48);
    const logs = await t.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entityId, String(ids.activation_lifetime_hours)));
    expect(logs.filter((l) => l.entityType === 'config_value').map((l) => l.changes)).toEqual([
      { before: { value: 72 }, after: { value: 48 } },
    ]);
  });

  it('turns maintenance on at once for this process: advertisers get 503, the admin 200', async () => {
    const advertiser = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    // Warm the settings cache with "off" first.
    expect((await t.call({ method: 'GET', url: '/api/advertiser/me', token: advertiser })).status).toBe(200);
    const on = await put('maintenance', true);
    expect(on.status).toBe(200);
    expect(on.body.data.configValue.value).toBe(true);
    try {
      const blocked = await t.call({ method: 'GET', url: '/api/advertiser/me', token: advertiser });
      expect(blocked.status).toBe(503);
      expect(blocked.body).toEqual({ message: messages.maintenance, code: 503, error: 'common.maintenance' });
      expect((await t.call({ method: 'GET', url: '/api/admin/me', token: admin })).status).toBe(200);
      expect(await t.deps.settings.boolean(t.deps.db, configKeys.maintenance)).toBe(true);
    } finally {
      expect((await put('maintenance', false)).status).toBe(200);
    }
    expect((await t.call({ method: 'GET', url: '/api/advertiser/me', token: advertiser })).status).toBe(200);
  });
});
