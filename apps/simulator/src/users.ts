import { countryShares, type DeviceKind, type DeviceProfile, deviceProfiles, euCountries } from './inventory';
import type { Random } from './random';

/** A returning visitor: the same device, country and cookies every time. */
export interface SimulatedUser {
  /** The exchange's own id of the user (`user.id`). */
  exchangeId: string;
  device: DeviceProfile;
  /** alpha-3 */
  country: string;
  ip: string;
  /** The device's advertising id (apps). */
  ifa: string;
  /** Whether the exchange has matched our cookie to its id (then it sends `user.buyeruid`). */
  syncs: boolean;
  /** Where GDPR applies: whether the user allowed storage on the device (TCF purpose 1). */
  consents: boolean;
  /** Cookies our trackers set in this user's browser, by name. */
  cookies: Map<string, string>;
  /** One of the demo shop's returning shoppers (a frequent web visitor; only with a shop to visit). */
  shopper?: boolean;
  /** The shop tag's first-party id of the visitor, made on the first visit. */
  shopVisitorId?: string;
}

/** Of each device kind's most frequent web visitors, every other one shops at the demo shop. */
export const SHOPPERS_AMONG_TOP = 80;

const ipPrefix: Readonly<Record<string, string>> = {
  POL: '83.24',
  DEU: '91.64',
  USA: '73.162',
  GBR: '86.140',
  FRA: '90.120',
  CZE: '89.102',
  NLD: '84.104',
  AUT: '84.112',
  ESP: '88.12',
  SVK: '78.98',
};

/**
 * Visitors of each device kind, drawn Zipf-like (the k-th most frequent visitor comes about 1/k
 * as often as the first), so a few users are seen very often and most rarely.
 */
export class UserPool {
  private readonly pools = new Map<DeviceKind, { users: SimulatedUser[]; cumulative: number[] }>();

  constructor(
    private readonly random: Random,
    sizePerKind = 2000,
    /** Marks the shoppers (a bounded pool: no randomness drawn, so the traffic stays the same). */
    shoppers = false,
  ) {
    for (const kind of ['desktop', 'mobile', 'tablet'] as const) {
      const profiles = deviceProfiles.filter((p) => p.value.kind === kind);
      const users = Array.from({ length: sizePerKind }, () => this.newUser(random.weighted(profiles)));
      if (shoppers)
        users.slice(0, SHOPPERS_AMONG_TOP).forEach((user, rank) => {
          if (rank % 2 === 0 && !user.device.inApp) {
            user.shopper = true;
            // A shopper's browser has synced our cookie with the exchange.
            user.syncs = true;
          }
        });
      let total = 0;
      const cumulative = users.map((_, rank) => {
        total += 1 / (rank + 1);
        return total;
      });
      this.pools.set(kind, { users, cumulative });
    }
  }

  draw(kind: DeviceKind): SimulatedUser {
    const pool = this.pools.get(kind);
    if (!pool) throw new Error(`no users of kind ${kind}`);
    const target = this.random.next() * (pool.cumulative[pool.cumulative.length - 1] ?? 0);
    let low = 0;
    let high = pool.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((pool.cumulative[mid] ?? 0) > target) high = mid;
      else low = mid + 1;
    }
    return pool.users[low] as SimulatedUser;
  }

  private newUser(device: DeviceProfile): SimulatedUser {
    const random = this.random;
    const country = random.weighted(countryShares);
    return {
      exchangeId: random.hex(32),
      device,
      country,
      ip: `${ipPrefix[country] ?? '10.0'}.${random.int(0, 255)}.${random.int(1, 254)}`,
      ifa: [8, 4, 4, 4, 12].map((n) => random.hex(n)).join('-'),
      syncs: random.chance(0.7),
      consents: !euCountries.has(country) || random.chance(0.85),
      cookies: new Map(),
    };
  }
}
