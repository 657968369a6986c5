import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('online top-up settings', () => {
  it('turn Stripe on with both secrets, and leave it off with neither', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe).toEqual({
      secretKey: 'sk_live_1',
      webhookSecret: 'whsec_1',
      apiUrl: undefined,
    });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).stripe?.apiUrl,
    ).toBe('http://127.0.0.1:12111');
  });

  it('refuse to start with one secret only, or a malformed API address', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_1' })).toThrow(
      'Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow('Set both');
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh', STRIPE_API_URL: 'not a url' }),
    ).toThrow();
  });
});

describe('raw event retention', () => {
  it('keeps 400 days unless told, and never fewer than the longest click window allows', () => {
    expect(loadConfig({}).rawEventsRetentionDays).toBe(400);
    expect(loadConfig({ RAW_EVENTS_RETENTION_DAYS: '120' }).rawEventsRetentionDays).toBe(120);
    expect(() => loadConfig({ RAW_EVENTS_RETENTION_DAYS: '30' })).toThrow('at least 91 days');
    expect(() => loadConfig({ RAW_EVENTS_RETENTION_DAYS: 'soon' })).toThrow();
  });
});

describe('generated reports settings', () => {
  it('keep reports 30 days unless told, and refuse a retention that is no whole number of days', () => {
    expect(loadConfig({}).reportsRetentionDays).toBe(30);
    expect(loadConfig({ REPORTS_RETENTION_DAYS: '7' }).reportsRetentionDays).toBe(7);
    expect(() => loadConfig({ REPORTS_RETENTION_DAYS: '0' })).toThrow();
    expect(() => loadConfig({ REPORTS_RETENTION_DAYS: '1.5' })).toThrow();
  });
});

describe('model training settings', () => {
  it('train every 10 minutes with 30 minutes for clicks and a day for conversions, shorter in demo mode', () => {
    const production = { DATABASE_URL: 'postgres://db.example/rtb' };
    expect(loadConfig(production).modelTraining).toEqual({
      intervalMs: 600_000,
      bits: 20,
      clickLabelDelayMs: 1_800_000,
      conversionLabelDelayMs: 86_400_000,
    });
    expect(loadConfig({}).modelTraining).toEqual({
      intervalMs: 120_000,
      bits: 20,
      clickLabelDelayMs: 300_000,
      conversionLabelDelayMs: 900_000,
    });
    expect(
      loadConfig({
        ...production,
        MODEL_TRAINING_INTERVAL_MS: '60000',
        MODEL_BITS: '18',
        MODEL_CLICK_LABEL_DELAY_MS: '0',
        MODEL_CONVERSION_LABEL_DELAY_MS: '3600000',
      }).modelTraining,
    ).toEqual({ intervalMs: 60_000, bits: 18, clickLabelDelayMs: 0, conversionLabelDelayMs: 3_600_000 });
  });

  it("refuse bits outside the models' range and an interval of nothing", () => {
    expect(() => loadConfig({ MODEL_BITS: '7' })).toThrow();
    expect(() => loadConfig({ MODEL_BITS: '25' })).toThrow();
    expect(() => loadConfig({ MODEL_TRAINING_INTERVAL_MS: '0' })).toThrow();
  });
});

describe('win curve settings', () => {
  it('fit every 5 minutes on the last 24 hours unless told, the window a whole number of hours up to a week', () => {
    expect(loadConfig({}).winCurves).toEqual({ intervalMs: 300_000, windowMs: 86_400_000 });
    expect(loadConfig({ WIN_CURVE_INTERVAL_MS: '60000', WIN_CURVE_WINDOW_HOURS: '6' }).winCurves).toEqual({
      intervalMs: 60_000,
      windowMs: 21_600_000,
    });
    for (const hours of ['0', '169', '1.5'])
      expect(() => loadConfig({ WIN_CURVE_WINDOW_HOURS: hours })).toThrow();
    expect(() => loadConfig({ WIN_CURVE_INTERVAL_MS: '0' })).toThrow();
  });
});

describe('the public URL', () => {
  it('follows PORT when PUBLIC_URL is not set, and the bidder issues URLs of the same', async () => {
    const { loadBidderConfig } = await import('@rtb/bidder');
    for (const [env, url] of [
      [{}, 'http://localhost:8080'],
      [{ PORT: '18095' }, 'http://localhost:18095'],
      [{ PORT: '18095', PUBLIC_URL: 'https://panel.example.com/' }, 'https://panel.example.com'],
    ] as const) {
      expect(loadConfig(env).publicUrl).toBe(url);
      expect(loadConfig(env).rtbPublicUrl).toBe(url);
      const bidder = loadBidderConfig({ ...env, RTB_SIGNING_KEY: 'k'.repeat(32) });
      expect([bidder.publicUrl, bidder.assetsUrl]).toEqual([url, url]);
    }
    expect(loadConfig({ PORT: '18095', RTB_PUBLIC_URL: 'https://rtb.example.com' }).rtbPublicUrl).toBe(
      'https://rtb.example.com',
    );
  });
});
