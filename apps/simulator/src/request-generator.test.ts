import { describe, expect, it } from 'vitest';
import { fullConsent, noDeviceConsent } from './consent';
import { euCountries, sizeShares } from './inventory';
import type { BidRequest } from './openrtb';
import { createRandom } from './random';
import { createRequestGenerator, drawSize } from './request-generator';

const requestsOf = (seed: number, count: number, auction: 'first' | 'second' = 'second') => {
  const generator = createRequestGenerator({ seed, auction });
  return Array.from({ length: count }, () => generator.next().request);
};

const primarySize = (request: BidRequest) => {
  const banner = request.imp[0]?.banner;
  const size = banner?.format?.[0] ?? { w: banner?.w, h: banner?.h };
  return `${size.w}x${size.h}`;
};

/** The TCF core string's bit `index` (0 first). */
const tcfBit = (consent: string, index: number) => {
  const bytes = Buffer.from(consent, 'base64url');
  return ((bytes[index >> 3] ?? 0) >> (7 - (index & 7))) & 1;
};
/** Purpose consents start after version .. special features: 6+36+36+12+12+6+12+12+6+1+1+12 bits. */
const PURPOSES_AT = 152;

describe('the request generator', () => {
  it('gives the same requests for the same seed, and others for another seed', () => {
    expect(requestsOf(5, 300)).toEqual(requestsOf(5, 300));
    expect(requestsOf(6, 50)).not.toEqual(requestsOf(5, 50));
  });

  it('makes valid OpenRTB 2.6 requests', () => {
    const requests = requestsOf(9, 3000, 'first');
    expect(new Set(requests.map((r) => r.id)).size).toBe(requests.length);
    for (const request of requests) {
      expect(request.at).toBe(1);
      expect(request.tmax).toBeGreaterThanOrEqual(120);
      expect(request.tmax).toBeLessThanOrEqual(300);
      expect(request.imp.length).toBeGreaterThan(0);
      expect(new Set(request.imp.map((imp) => imp.id)).size).toBe(request.imp.length);
      for (const imp of request.imp) {
        const sizes = imp.banner.format ?? [{ w: imp.banner.w ?? 0, h: imp.banner.h ?? 0 }];
        expect(sizes.length).toBeGreaterThan(0);
        for (const size of sizes) expect(size.w > 0 && size.h > 0).toBe(true);
        if (imp.bidfloor !== undefined) {
          expect(imp.bidfloor).toBeGreaterThan(0);
          expect(['USD', 'EUR']).toContain(imp.bidfloorcur);
        }
      }
      expect(Boolean(request.site) !== Boolean(request.app)).toBe(true);
      expect([['USD'], ['EUR', 'USD'], ['PLN']]).toContainEqual(request.cur);
      expect(request.device.geo.country).toMatch(/^[A-Z]{3}$/);
      expect([2, 4, 5]).toContain(request.device.devicetype);
      expect(request.device.ua).toMatch(/^Mozilla\/5\.0 /);
      if (request.app) expect(request.device.ifa).toBeDefined();
      const eu = euCountries.has(request.device.geo.country);
      expect(request.regs.gdpr).toBe(eu ? 1 : 0);
      if (eu) expect([fullConsent, noDeviceConsent]).toContain(request.user.consent);
      else expect(request.user.consent).toBeUndefined();
      expect(request.user.id).toMatch(/^[0-9a-f]{32}$/);
    }
    // The mixes show up: apps and sites, both consent kinds, client hints, flexible slots.
    expect(requests.some((r) => r.app)).toBe(true);
    expect(requests.some((r) => r.user.consent === noDeviceConsent)).toBe(true);
    expect(requests.some((r) => r.device.sua)).toBe(true);
    expect(requests.some((r) => r.imp[0]?.banner.format)).toBe(true);
    expect(requests.some((r) => r.regs.coppa === 1)).toBe(true);
  });

  it('brings users back: a few are seen often, and synced ones carry our cookie as buyeruid', () => {
    const generator = createRequestGenerator({ seed: 3, auction: 'second' });
    const seen = new Map<string, number>();
    let buyeruids = 0;
    for (let i = 0; i < 3000; i++) {
      const { request, user } = generator.next();
      seen.set(user.exchangeId, (seen.get(user.exchangeId) ?? 0) + 1);
      if (request.user.buyeruid) {
        expect(request.user.buyeruid).toBe(`uid-${user.exchangeId}`);
        buyeruids += 1;
      }
      user.cookies.set('rtb_uid', `uid-${user.exchangeId}`);
    }
    expect(Math.max(...seen.values())).toBeGreaterThan(20);
    expect(buyeruids).toBeGreaterThan(0);
  });

  it('writes TCF consent strings with and without purpose 1', () => {
    expect(tcfBit(fullConsent, 5)).toBe(0); // version 2 = 000010
    expect(tcfBit(fullConsent, 4)).toBe(1);
    expect(tcfBit(fullConsent, PURPOSES_AT)).toBe(1);
    expect(tcfBit(noDeviceConsent, PURPOSES_AT)).toBe(0);
    expect(tcfBit(noDeviceConsent, PURPOSES_AT + 1)).toBe(1); // purpose 2
  });

  it('draws sizes by their share of display inventory', () => {
    const draws = 10_000;
    const random = createRandom(21);
    const fromDraws = new Map<string, number>();
    for (let i = 0; i < draws; i++) {
      const size = drawSize(random);
      fromDraws.set(`${size.w}x${size.h}`, (fromDraws.get(`${size.w}x${size.h}`) ?? 0) + 1);
    }
    const fromRequests = new Map<string, number>();
    for (const request of requestsOf(22, draws)) {
      const size = primarySize(request);
      fromRequests.set(size, (fromRequests.get(size) ?? 0) + 1);
    }
    const total = sizeShares.reduce((sum, share) => sum + share.weight, 0);
    for (const { size, weight } of sizeShares) {
      const key = `${size.w}x${size.h}`;
      const expected = weight / total;
      // Within 1.5 percentage points (three standard deviations of the 40% share).
      expect(Math.abs((fromDraws.get(key) ?? 0) / draws - expected)).toBeLessThan(0.015);
      expect(Math.abs((fromRequests.get(key) ?? 0) / draws - expected)).toBeLessThan(0.015);
    }
    expect((fromRequests.get('300x250') ?? 0) / draws).toBeGreaterThan(0.37);
  });
});
