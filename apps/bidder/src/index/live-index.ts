import { randomUUID } from 'node:crypto';
import {
  type AppDeps,
  DELIVERY_CHANNEL,
  type DeliverySnapshot,
  loadDeliverySnapshot,
  notifyDelivery,
} from '@rtb/api/delivery';
import type { DatabaseHandle } from '@rtb/db';
import {
  advertiserSpendKey,
  type CampaignInput,
  type CurrencyRates,
  campaignDayKey,
  campaignTotalKey,
} from '@rtb/rtb';
import { configKeys } from '@rtb/shared';
import type { BudgetScope, BudgetStore } from '../budget/budget-store';
import { deliveryChangeOf, MARKER_PREFIX } from './delivery-change';

export interface LiveIndexOptions<TIndex> {
  deps: AppDeps;
  database: Pick<DatabaseHandle, 'listen'>;
  store: BudgetStore;
  buildIndex: (campaigns: readonly CampaignInput[]) => TIndex;
  log: {
    info: (o: object, m: string) => void;
    warn: (o: object, m: string) => void;
    error: (o: object, m: string) => void;
  };
  now?: () => Date;
}

/** What the next reload covers: everything, or these advertisers. */
interface Pending {
  all: boolean;
  advertisers: Set<number>;
}

const FULL_RELOAD_EVERY_MS = 60_000;
/** A failed reload is tried again after this long, doubling up to 30 s. */
const retryMs = (failures: number) => Math.min(30_000, 250 * 2 ** failures);
/** A day counter is kept two days: its day in any time zone, and a margin. */
const DAY_KEY_TTL_MS = 2 * 86_400_000;

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Every campaign that can serve, in memory, kept current (DESIGN.md section 6): loaded at
 * start, then reloaded on each `delivery_changed` notification, per advertiser where the
 * payload names one, and in full every 60 s as a safety net. Bursts are coalesced: one reload
 * runs at a time and what arrives meanwhile is merged into the next. A failed reload is logged
 * and retried; the previous index keeps serving.
 */
export class LiveIndex<TIndex> {
  readonly #options: LiveIndexOptions<TIndex>;
  readonly #now: () => Date;
  #campaigns = new Map<number, CampaignInput>();
  /** Advertiser id -> the limit of its funds scope. */
  #fundsLimits = new Map<number, number>();
  #index: TIndex;
  #rates: CurrencyRates = new Map();
  #baseCurrency = '';
  #pending: Pending = { all: false, advertisers: new Set() };
  #running: Promise<void> | null = null;
  #failures = 0;
  #closed = false;
  readonly #markers = new Map<string, () => void>();
  #stopListening: (() => Promise<void>) | null = null;
  #timer: NodeJS.Timeout | undefined;
  /** Ends the wait before a retry (on close). */
  #wake: (() => void) | null = null;

  private constructor(options: LiveIndexOptions<TIndex>) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#index = options.buildIndex([]);
  }

  /** Loads every campaign, seeds the store with the database's counters and starts listening. */
  static async start<TIndex>(options: LiveIndexOptions<TIndex>): Promise<LiveIndex<TIndex>> {
    const live = new LiveIndex(options);
    // Listening first: a change committed while the first snapshot loads is reloaded after it.
    live.#stopListening = await options.database.listen(DELIVERY_CHANNEL, (payload) => live.#heard(payload));
    // The first load's failure is the caller's; later ones are retried.
    live.#run(async () => {
      await live.#reload({ all: true, advertisers: new Set() });
      await live.#drain();
    });
    try {
      while (live.#running) await live.#running;
    } catch (error) {
      await live.close();
      throw error;
    }
    live.#timer = setInterval(
      () => live.#request({ all: true, advertisers: new Set() }),
      FULL_RELOAD_EVERY_MS,
    );
    live.#timer.unref();
    return live;
  }

  get index(): TIndex {
    return this.#index;
  }

  get rates(): CurrencyRates {
    return this.#rates;
  }

  get baseCurrency(): string {
    return this.#baseCurrency;
  }

  campaign(id: number): CampaignInput | undefined {
    return this.#campaigns.get(id);
  }

  /** The budget scopes a bid of this campaign reserves under on `day` (advertiser's day): daily budget, total budget, funds; keys from budget-keys.ts. */
  scopesOf(campaign: CampaignInput, day: string): BudgetScope[] {
    const scopes: BudgetScope[] = [];
    if (campaign.dailyBudgetMicros !== null)
      scopes.push({
        key: campaignDayKey(campaign.advertiserId, campaign.id, day),
        limitMicros: campaign.dailyBudgetMicros,
      });
    if (campaign.totalBudgetMicros !== null)
      scopes.push({
        key: campaignTotalKey(campaign.advertiserId, campaign.id),
        limitMicros: campaign.totalBudgetMicros,
      });
    scopes.push({
      key: advertiserSpendKey(campaign.advertiserId),
      limitMicros: this.#fundsLimits.get(campaign.advertiserId) ?? 0,
    });
    return scopes;
  }

  /**
   * Resolves once every change notified before the call is loaded. It notifies a marker of its
   * own: notifications arrive in commit order, so when the marker is heard every earlier one
   * has been, and their reloads are queued.
   */
  async settled(): Promise<void> {
    const marker = `${MARKER_PREFIX}${randomUUID()}`;
    const heard = new Promise<void>((resolve) => this.#markers.set(marker, resolve));
    await notifyDelivery(this.#options.deps.db, marker);
    await heard;
    while (this.#running) await this.#running;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#wake?.();
    await this.#running?.catch(() => {});
    await this.#stopListening?.();
    this.#stopListening = null;
    for (const resolve of this.#markers.values()) resolve();
    this.#markers.clear();
  }

  #heard(payload: string) {
    const change = deliveryChangeOf(payload);
    if (change.kind === 'marker') {
      this.#markers.get(payload)?.();
      this.#markers.delete(payload);
      return;
    }
    this.#request(
      change.kind === 'all'
        ? { all: true, advertisers: new Set() }
        : { all: false, advertisers: new Set([change.advertiserId]) },
    );
    // After a reconnect markers sent meanwhile may be lost; the full reload just queued covers them.
    if (payload === '*:') {
      for (const resolve of this.#markers.values()) resolve();
      this.#markers.clear();
    }
  }

  #request(change: Pending) {
    if (this.#closed) return;
    this.#pending.all ||= change.all;
    for (const id of change.advertisers) this.#pending.advertisers.add(id);
    if (!this.#running) this.#run(() => this.#drain());
  }

  /** Runs `work` as the one reload in flight; changes that arrive as it ends start the next. */
  #run(work: () => Promise<void>) {
    this.#running = work().finally(() => {
      this.#running = null;
      if (!this.#closed && (this.#pending.all || this.#pending.advertisers.size > 0))
        this.#run(() => this.#drain());
    });
  }

  /** Runs reloads until nothing is pending; a failure puts its change back and waits. */
  async #drain(): Promise<void> {
    while (!this.#closed && (this.#pending.all || this.#pending.advertisers.size > 0)) {
      const change = this.#pending;
      this.#pending = { all: false, advertisers: new Set() };
      try {
        await this.#reload(change);
        this.#failures = 0;
      } catch (error) {
        this.#pending.all ||= change.all;
        for (const id of change.advertisers) this.#pending.advertisers.add(id);
        const waitMs = retryMs(this.#failures++);
        this.#options.log.error({ err: error, retryInMs: waitMs }, 'delivery index reload failed');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          this.#wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.#wake = null;
      }
    }
  }

  async #reload(change: Pending): Promise<void> {
    const { deps, store, buildIndex, log } = this.#options;
    const started = Date.now();
    if (change.all) {
      // Settings are cached for a few seconds; a notified change must be seen now.
      deps.settings.forget(configKeys.baseCurrency);
      deps.settings.forget(configKeys.platformMarginPercent);
    }
    // What the store says each advertiser has spent, read BEFORE its funds: spend settled in
    // between is then counted twice at worst (in the store and in the database's funds), never
    // missed. An advertiser the index did not know yet (a full reload) is left out until it is
    // reloaded on its own, right after this, with its spend read first.
    const known = change.all ? [...this.#fundsLimits.keys()] : [...change.advertisers];
    const totals = await store.totals(known.map(advertiserSpendKey));
    const spentBefore = new Map(known.map((id, i) => [id, totals[i]?.spentMicros ?? 0]));
    const snapshot = await loadDeliverySnapshot(deps, {
      now: this.#now(),
      ...(change.all ? {} : { advertiserIds: known }),
    });
    const unread = [...snapshot.funds.keys()].filter((id) => !spentBefore.has(id));
    await this.#seed(snapshot);

    const campaigns = change.all
      ? new Map<number, CampaignInput>()
      : new Map([...this.#campaigns].filter(([, c]) => !change.advertisers.has(c.advertiserId)));
    const limits = change.all
      ? new Map<number, number>()
      : new Map([...this.#fundsLimits].filter(([id]) => !change.advertisers.has(id)));
    for (const [id, funds] of snapshot.funds)
      if (spentBefore.has(id)) limits.set(id, funds + (spentBefore.get(id) ?? 0));
    for (const campaign of snapshot.campaigns)
      if (limits.has(campaign.advertiserId)) campaigns.set(campaign.id, campaign);

    // Most notices are spend moving funds (`ledger_accounts:<id>`): when the advertisers' campaigns
    // come back as they were, the index stands, and only the funds limits change.
    const unchanged =
      !change.all && [...change.advertisers].every((id) => sameCampaigns(this.#campaigns, campaigns, id));
    const index = unchanged ? this.#index : buildIndex([...campaigns.values()].sort((a, b) => a.id - b.id));
    this.#campaigns = campaigns;
    this.#fundsLimits = limits;
    this.#index = index;
    this.#rates = snapshot.rates;
    this.#baseCurrency = snapshot.baseCurrency;
    if (unread.length) this.#request({ all: false, advertisers: new Set(unread) });
    if (change.all)
      log.info(
        { campaigns: campaigns.size, advertisers: limits.size, ms: Date.now() - started },
        'delivery index loaded',
      );
  }

  /**
   * Seeds the campaigns' counters with the database's (kept by the store only when it does not
   * know them yet), and tomorrow's day counters with 0, so that they too carry their time to live.
   */
  async #seed(snapshot: DeliverySnapshot) {
    const { store } = this.#options;
    await Promise.all(
      snapshot.campaigns.flatMap((campaign) => {
        const spend = snapshot.spend.get(campaign.id) ?? { todayMicros: 0, totalMicros: 0, today: '' };
        const { advertiserId, id } = campaign;
        return [
          store.seed(campaignDayKey(advertiserId, id, spend.today), spend.todayMicros, DAY_KEY_TTL_MS),
          store.seed(campaignDayKey(advertiserId, id, nextDay(spend.today)), 0, DAY_KEY_TTL_MS + 86_400_000),
          store.seed(campaignTotalKey(advertiserId, id), spend.totalMicros),
        ];
      }),
    );
  }
}

/** Whether an advertiser's campaigns are the same in both maps (same ids, same settings). */
function sameCampaigns(
  before: ReadonlyMap<number, CampaignInput>,
  after: ReadonlyMap<number, CampaignInput>,
  advertiserId: number,
): boolean {
  const of = (map: ReadonlyMap<number, CampaignInput>) =>
    JSON.stringify(
      [...map.values()].filter((c) => c.advertiserId === advertiserId).sort((a, b) => a.id - b.id),
    );
  return of(before) === of(after);
}
