import { fullConsent, noDeviceConsent } from './consent';
import {
  type App as AppEntry,
  alternativeSizes,
  apps,
  convert,
  type DeviceProfile,
  deviceKindsFor,
  euCountries,
  languageOf,
  type Site as SiteEntry,
  type Size,
  sites,
  sizeShares,
} from './inventory';
import type { BidRequest, Device, Imp } from './openrtb';
import { createRandom, type Random } from './random';
import { type SimulatedUser, UserPool } from './users';

export interface GeneratorOptions {
  seed: number;
  auction: 'first' | 'second';
  /** Prefix of the request ids, so that two runs with one seed never reuse an id. */
  runId?: string;
  /** Returning visitors per device kind. */
  usersPerKind?: number;
  /**
   * Whether pages are https (`imp.secure = 1`), as nearly all are on the real web. A demo against
   * a bidder served over plain http says no, or an honest bidder could not buy anything.
   */
  securePages?: boolean;
  /** Marks the demo shop's shoppers among the visitors (`UserPool`). */
  shoppers?: boolean;
}

/** A bid request and the visitor it was made for. */
export interface Opportunity {
  request: BidRequest;
  user: SimulatedUser;
}

/** One slot size, drawn by its share of display inventory. */
export function drawSize(random: Random): Size {
  return random.weighted(sizeShares.map(({ size, weight }) => ({ value: size, weight })));
}

/**
 * Draws bid requests: each one imp of a size by its share, a device that shows that size, a
 * returning visitor of that device, mostly a site or app of the visitor's country, a floor and
 * accepted currencies, and consent as the visitor's country requires. The same seed (and run
 * id) gives the same requests.
 */
export function createRequestGenerator(options: GeneratorOptions): { next(): Opportunity } {
  const random = createRandom(options.seed);
  const users = new UserPool(random, options.usersPerKind, options.shoppers ?? false);
  const runId = options.runId ?? `s${options.seed}`;
  let count = 0;

  return {
    next() {
      count += 1;
      const size = drawSize(random);
      const user = users.draw(random.weighted(deviceKindsFor(size)));
      const gdpr = euCountries.has(user.country);
      const request: BidRequest = {
        id: `${runId}-${count.toString(36)}-${random.hex(8)}`,
        at: options.auction === 'first' ? 1 : 2,
        tmax: random.int(12, 30) * 10,
        cur: currenciesFor(random, user.country),
        imp: [impOf(random, size, user.country, options.securePages ?? true)],
        ...placementOf(random, user),
        device: deviceOf(random, user),
        user: {
          id: user.exchangeId,
          ...(user.syncs && user.cookies.has('rtb_uid') ? { buyeruid: user.cookies.get('rtb_uid') } : {}),
          ...(gdpr ? { consent: user.consents ? fullConsent : noDeviceConsent } : {}),
        },
        regs: { gdpr: gdpr ? 1 : 0, ...(random.chance(0.005) ? { coppa: 1 } : {}) },
        source: { tid: random.hex(32) },
        bcat: random.chance(0.6) ? ['IAB25', 'IAB26', 'IAB7-39', 'IAB8-18'] : ['IAB25', 'IAB26'],
        ...(random.chance(0.1) ? { badv: ['competitor.example.com'] } : {}),
        test: 0,
      };
      return { request, user };
    },
  };
}

function currenciesFor(random: Random, country: string): string[] {
  if (country === 'POL' && random.chance(0.3)) return ['PLN'];
  if (euCountries.has(country) && random.chance(0.5)) return ['EUR', 'USD'];
  return ['USD'];
}

function impOf(random: Random, size: Size, country: string, secure: boolean): Imp {
  const alternatives = alternativeSizes[`${size.w}x${size.h}`];
  const flexible = alternatives !== undefined && random.chance(0.3);
  const floorUsd = random.chance(0.15) ? 0 : Math.max(0.05, random.logNormal(Math.log(0.6), 0.5));
  const floorCur = euCountries.has(country) && random.chance(0.5) ? 'EUR' : 'USD';
  // An exchange quotes floors in round cents of the floor currency.
  const floor = Math.round((convert(floorUsd, 'USD', floorCur) ?? floorUsd) * 100) / 100;
  return {
    id: '1',
    tagid: `slot-${size.w}x${size.h}-${random.int(1, 4)}`,
    banner: flexible
      ? { format: [size, ...alternatives], pos: random.pick([1, 3]) }
      : { w: size.w, h: size.h, pos: random.pick([0, 1, 3]) },
    ...(floor > 0 ? { bidfloor: floor, bidfloorcur: floorCur } : {}),
    secure: secure ? 1 : 0,
  };
}

/** In-app devices see an app, browsers a site; mostly one of the visitor's own country. */
function placementOf(random: Random, user: SimulatedUser): Pick<BidRequest, 'site' | 'app'> {
  if (user.device.inApp) {
    const sameOs = apps.filter((a) => a.os === user.device.os);
    const app = preferHome(random, sameOs.length ? sameOs : apps, user.country);
    return { app: appOf(app) };
  }
  const site = preferHome(random, sites, user.country);
  return { site: siteOf(random, site) };
}

function preferHome<T extends { home: string }>(random: Random, list: readonly T[], country: string): T {
  const home = list.filter((entry) => entry.home === country);
  return random.pick(home.length && random.chance(0.8) ? home : list);
}

function siteOf(random: Random, site: SiteEntry): NonNullable<BidRequest['site']> {
  return {
    id: `site-${site.domain}`,
    name: site.name,
    domain: site.domain,
    page: `https://${site.domain}${random.pick(site.pages)}`,
    cat: site.cat,
    publisher: { id: `pub-${site.domain}`, name: site.name, domain: site.domain },
  };
}

function appOf(app: AppEntry): NonNullable<BidRequest['app']> {
  return {
    id: `app-${app.bundle}`,
    name: app.name,
    bundle: app.bundle,
    storeurl: app.storeurl,
    cat: app.cat,
    publisher: { id: `pub-${app.bundle}`, name: app.name },
  };
}

function deviceOf(random: Random, user: SimulatedUser): Device {
  const profile = user.device;
  return {
    ua: profile.ua,
    ...(profile.chromium && random.chance(0.6) ? { sua: clientHintsOf(profile) } : {}),
    ip: user.ip,
    devicetype: profile.devicetype,
    os: profile.os,
    ...(profile.osv ? { osv: profile.osv } : {}),
    ...(profile.make ? { make: profile.make, model: profile.model } : {}),
    ...(profile.inApp ? { ifa: user.ifa } : {}),
    language: languageOf[user.country] ?? 'en',
    js: 1,
    dnt: 0,
    geo: { country: user.country, type: 2 },
  };
}

/** Structured user agent (`sua`) as Chromium's client hints give it. */
function clientHintsOf(profile: DeviceProfile): NonNullable<Device['sua']> {
  const major = /Chrome\/(\d+)/.exec(profile.ua)?.[1] ?? '124';
  const brand = profile.ua.includes('Edg/') ? 'Microsoft Edge' : 'Google Chrome';
  return {
    browsers: [
      { brand: 'Chromium', version: [major] },
      { brand, version: [major] },
      { brand: 'Not-A.Brand', version: ['99'] },
    ],
    platform: { brand: profile.os, ...(profile.osv ? { version: profile.osv.split('.') } : {}) },
    mobile: profile.kind === 'mobile' ? 1 : 0,
    source: 2,
  };
}
