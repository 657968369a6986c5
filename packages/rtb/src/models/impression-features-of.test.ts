import { describe, expect, it } from 'vitest';
import { parseBidRequest } from '../request';
import { featureIndices } from './features';
import { type ImpressionContext, impressionFeaturesOf } from './impression-features-of';

const body = {
  id: 'r1',
  imp: [
    { id: '1', banner: { w: 300, h: 250, pos: 1 } },
    { id: '2', banner: { format: [{ w: 728, h: 90 }] } },
  ],
  site: { domain: 'www.News.example.com', page: 'https://news.example.com/a' },
  device: { devicetype: 5, os: 'iOS', geo: { country: 'DEU', utcoffset: 120 } },
  user: { id: 'u1' },
};

function contextOf(fields: Record<string, unknown> = {}, imp = 0): ImpressionContext {
  const parsed = parseBidRequest({ ...body, ...fields });
  if (!parsed.ok) throw new Error(parsed.message);
  const chosen = parsed.request.imps[imp];
  if (!chosen) throw new Error(`no imp ${imp}`);
  return {
    request: parsed.request,
    imp: chosen,
    creative: { id: 21, width: 300, height: 250 },
    campaignId: 8,
    audienceId: 9,
    lastProductViewAgeSeconds: 7_200,
    // 18:30 UTC: 20:30 in Berlin's summer.
    now: new Date('2025-06-02T18:30:00Z'),
  };
}

describe('impressionFeaturesOf', () => {
  it("reads the request's inventory, device, local hour and position, with the ad and the visitor", () => {
    expect(impressionFeaturesOf(contextOf())).toEqual({
      width: 300,
      height: 250,
      domain: 'news.example.com',
      deviceType: 'tablet',
      os: 'ios',
      country: 'DE',
      localHour: 20,
      creativeId: 21,
      campaignId: 8,
      audienceId: 9,
      lastProductViewAgeSeconds: 7_200,
      adPosition: 1,
    });
  });

  it("takes the creative's size, not the slot's first, and the imp's own position", () => {
    const context = { ...contextOf({}, 1), creative: { id: 3, width: 728, height: 90 } };
    expect(impressionFeaturesOf(context)).toMatchObject({
      width: 728,
      height: 90,
      creativeId: 3,
      adPosition: null,
    });
  });

  it("turns the UTC offset into the user's hour across midnight either way", () => {
    const hourAt = (utcoffset: number, now: string) =>
      impressionFeaturesOf({
        ...contextOf({ device: { geo: { utcoffset } } }),
        now: new Date(now),
      }).localHour;
    expect(hourAt(-300, '2025-06-02T02:10:00Z')).toBe(21);
    expect(hourAt(840, '2025-06-02T10:00:00Z')).toBe(0);
    expect(hourAt(330, '2025-06-02T18:29:59Z')).toBe(23);
    expect(hourAt(330, '2025-06-02T18:30:00Z')).toBe(0);
    expect(hourAt(0, '1969-12-31T23:59:00Z')).toBe(23);
  });

  it('knows no hour without an offset, and counts position 0 (unknown) as no position', () => {
    const features = impressionFeaturesOf(
      contextOf({ device: { devicetype: 2 }, imp: [{ id: '1', banner: { w: 300, h: 250, pos: 0 } }] }),
    );
    expect(features).toMatchObject({
      localHour: null,
      adPosition: null,
      country: null,
      deviceType: 'desktop',
    });
  });

  it('gives an app the name its events record (its bundle, or its name beside a store id) as the domain', () => {
    const store = contextOf({ site: undefined, app: { bundle: '1234567890', name: 'Example Game' } });
    expect(impressionFeaturesOf(store).domain).toBe(store.request.inventory.reportName);
    expect(impressionFeaturesOf(store).domain).toBe('Example Game (1234567890)');
    const app = contextOf({ site: undefined, app: { bundle: 'com.example.game' } });
    const features = impressionFeaturesOf({ ...app, audienceId: null, lastProductViewAgeSeconds: null });
    expect(features).toMatchObject({
      domain: 'com.example.game',
      audienceId: null,
      lastProductViewAgeSeconds: null,
    });
    expect([...featureIndices(features, 16)]).not.toEqual([
      ...featureIndices(impressionFeaturesOf(contextOf()), 16),
    ]);
  });
});
