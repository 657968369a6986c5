import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@rtb/db';
import {
  DELIVERY_CHANNEL,
  type DeliveryDeps,
  type DeliverySnapshot,
  deltasByKey,
  loadDeliverySnapshot,
  notifyDelivery,
  OutcomeHistoryCache,
} from '@rtb/delivery';
import {
  advertiserSpendKey,
  type BudgetKey,
  type CampaignInput,
  type CurrencyRates,
  campaignDayBudgetKey,
  campaignTotalKey,
  localTime,
} from '@rtb/rtb';
import { configKeys } from '@rtb/shared';
import type { BudgetScope, BudgetStore, CounterReading } from '../budget/budget-store';
import { deliveryChangeOf, MARKER_PREFIX } from './delivery-change';

/** What the live index tells whoever watches it (the bidder's metrics). */
export interface LiveIndexWatcher {
  /** A reload ended: everything, or some advertisers. */
  reloaded(outcome: { all: boolean; campaigns: number; ms: number }): void;
  reloadFailed(): void;
  /**
   * Spend the store and the database disagree on since the last reload, per currency (micro-units,
   * positive when the database holds more): spend committed and never counted (a process killed
   * between the two, a store that failed) or, briefly, counted twice while a notice was in flight.
   */
  drift(currency: string, micros: number): void;
  /** Counters found made anew since they were observed (the store lost them). */
  countersLost(count: number): void;
}

export interface LiveIndexOptions<TIndex> {
  deps: DeliveryDeps;
  database: Pick<DatabaseHandle, 'listen'>;
  store: BudgetStore;
  buildIndex: (campaigns: readonly CampaignInput[]) => TIndex;
  log: {
    info: (o: object, m: string) => void;
    warn: (o: object, m: string) => void;
    error: (o: object, m: string) => void;
  };
  now?: () => Date;
  watcher?: LiveIndexWatcher;
}

/** What the next reload covers: everything, or these advertisers. */
interface Pending {
  all: boolean;
  advertisers: Set<number>;
}

/**
 * One counter as the database and the store agreed at the last reload: the store's generation of
 * the key, and what the database had spent beyond what the key had settled then (read first).
 * What is spent now is what the key has settled since, plus this offset.
 */
interface CounterBase {
  generation: string;
  offsetMicros: number;
}

const FULL_RELOAD_EVERY_MS = 60_000;
/** A failed reload is tried again after this long, doubling up to 30 s. */
const retryMs = (failures: number) => Math.min(30_000, 250 * 2 ** failures);

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Every campaign that can serve, in memory, kept current (DESIGN.md section 6): loaded at
 * start, then reloaded on each `delivery_changed` notification, per advertiser where the
 * payload names one, and in full every 60 s as a safety net. Bursts are coalesced: one reload
 * runs at a time and what arrives meanwhile is merged into the next. A failed reload is logged
 * and retried; the previous index keeps serving.
 *
 * Each reload also works out the budget limits anew from the database, the truth (docs/operations.md,
 * 'Overspend bound'): it observes the store's counters first, then reads the database, and keeps per
 * key the difference (`CounterBase`). A limit is the budget less that difference, so spend committed
 * but never counted by the store (a process killed in between, a store that failed) counts from the
 * next reload on, and a counter the store lost (another generation) passes no limit until reloaded.
 * A campaign whose counters are not known yet gets no scopes, and does not bid.
 */
export class LiveIndex<TIndex> {
  readonly #options: LiveIndexOptions<TIndex>;
  readonly #now: () => Date;
  /** The campaigns' histories outcome goals are priced with, kept a few minutes between reloads. */
  readonly #histories = new OutcomeHistoryCache();
  #campaigns = new Map<number, CampaignInput>();
  /** Advertiser id -> the funds the database gave it at its last reload (micro-units). */
  #funds = new Map<number, number>();
  /** Advertiser id -> its counters' bases, by key. */
  #counters = new Map<number, Map<string, CounterBase>>();
  #index: TIndex;
  #rates: CurrencyRates = new Map();
  #baseCurrency = '';
  #pending: Pending = { all: false, advertisers: new Set() };
  /** When the last full reload ended (Unix ms). */
  #loadedAt = 0;
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

  /** Loads every campaign and its counters' bases, and starts listening. */
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

  /** How long ago the last full reload ended (every 60 s while the database answers). */
  loadedAgoMs(): number {
    return Date.now() - this.#loadedAt;
  }

  campaign(id: number): CampaignInput | undefined {
    return this.#campaigns.get(id);
  }

  /**
   * The budget scopes a bid of this campaign reserves under on `day` (advertiser's day): daily
   * budget, total budget, funds (keys from budget-keys.ts), each limit worked out against its
   * key's generation; null while a counter of them is not known (the campaign does not bid).
   */
  scopesOf(campaign: CampaignInput, day: string): BudgetScope[] | null {
    const counters = this.#counters.get(campaign.advertiserId);
    const funds = this.#funds.get(campaign.advertiserId);
    if (!counters || funds === undefined) return null;
    const scopes: BudgetScope[] = [];
    const scope = (key: string, budgetMicros: number) => {
      const base = counters.get(key);
      if (!base) return false;
      scopes.push({ key, limitMicros: budgetMicros - base.offsetMicros, generation: base.generation });
      return true;
    };
    const { advertiserId, id } = campaign;
    const known =
      (campaign.dailyBudgetMicros === null ||
        scope(campaignDayBudgetKey(advertiserId, id, day).key, campaign.dailyBudgetMicros)) &&
      (campaign.totalBudgetMicros === null ||
        scope(campaignTotalKey(advertiserId, id), campaign.totalBudgetMicros)) &&
      scope(advertiserSpendKey(advertiserId), funds);
    return known ? scopes : null;
  }

  /** What a campaign has spent on `day` as the database knows it, given what its key has settled now; null when not known. */
  spentOn(campaign: CampaignInput, day: string, settledMicros: number): number | null {
    const key = campaignDayBudgetKey(campaign.advertiserId, campaign.id, day).key;
    const base = this.#counters.get(campaign.advertiserId)?.get(key);
    return base ? settledMicros + base.offsetMicros : null;
  }

  /** Asks for the advertiser's reload: a counter of its was not known to the store. */
  reloadAdvertiser(advertiserId: number) {
    this.#request({ all: false, advertisers: new Set([advertiserId]) });
  }

  /**
   * The store may have lost every counter (its server came back): no limit is trusted until
   * everything is reloaded, so nothing bids meanwhile.
   */
  forgetCounters() {
    this.#counters = new Map();
    this.#request({ all: true, advertisers: new Set() });
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
        this.#options.watcher?.reloadFailed();
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
    // The store's counters are observed BEFORE the database is read: spend settled in between is
    // then counted twice at worst (in the store and in the database), never missed. Counters of
    // campaigns the index did not know yet are observed by a reload of their advertiser right
    // after this one.
    const now = this.#now();
    const reloaded = (advertiserId: number) => change.all || change.advertisers.has(advertiserId);
    const keys: BudgetKey[] = [];
    for (const id of change.all ? this.#funds.keys() : change.advertisers)
      keys.push({ key: advertiserSpendKey(id) });
    for (const campaign of this.#campaigns.values())
      if (reloaded(campaign.advertiserId))
        keys.push(...counterKeysOf(campaign, localTime(now, campaign.timeZone).day));
    const readings = await store.observe(keys);
    const observed = new Map(keys.map(({ key }, i) => [key, readings[i] as CounterReading]));
    const snapshot = await loadDeliverySnapshot(deps, {
      now,
      histories: this.#histories,
      ...(change.all ? {} : { advertiserIds: [...change.advertisers] }),
    });

    const campaigns = change.all
      ? new Map<number, CampaignInput>()
      : new Map([...this.#campaigns].filter(([, c]) => !reloaded(c.advertiserId)));
    for (const campaign of snapshot.campaigns) campaigns.set(campaign.id, campaign);
    const funds = change.all
      ? new Map<number, number>()
      : new Map([...this.#funds].filter(([id]) => !reloaded(id)));
    for (const [id, micros] of snapshot.funds) funds.set(id, micros);
    const unapplied = await this.#unappliedFolds(snapshot, observed);
    const { counters, unread } = this.#basesOf(snapshot, observed, change, unapplied);

    // Most notices are spend moving funds (`ledger_accounts:<id>`): when the advertisers' campaigns
    // come back as they were, the index stands, and only the limits change.
    const unchanged =
      !change.all && [...change.advertisers].every((id) => sameCampaigns(this.#campaigns, campaigns, id));
    const index = unchanged ? this.#index : buildIndex([...campaigns.values()].sort((a, b) => a.id - b.id));
    this.#campaigns = campaigns;
    this.#funds = funds;
    this.#counters = counters;
    this.#index = index;
    this.#rates = snapshot.rates;
    this.#baseCurrency = snapshot.baseCurrency;
    if (unread.size) this.#request({ all: false, advertisers: unread });
    if (change.all) this.#loadedAt = Date.now();
    this.#options.watcher?.reloaded({ all: change.all, campaigns: campaigns.size, ms: Date.now() - started });
    if (change.all)
      log.info(
        { campaigns: campaigns.size, advertisers: funds.size, ms: Date.now() - started },
        'delivery index loaded',
      );
  }

  /**
   * Per key, the spend of folds the database has and the store had not applied when observed
   * (its number for the fold is above the advertiser's observed one, or it has none yet and the
   * fold's row is not marked applied): the store adds it later, or has added it since
   * (`applyFold`, or another process's recovery of it), so the base leaves it out. Without this a
   * reload between a fold's commit and its counters counts it twice, and so does one the fold's
   * application overtakes (its row is kept a while once applied: `FOLD_EFFECTS_KEPT_MS`).
   */
  async #unappliedFolds(
    snapshot: DeliverySnapshot,
    observed: ReadonlyMap<string, CounterReading>,
  ): Promise<Map<string, number>> {
    const byAdvertiser = new Map<number, DeliverySnapshot['foldEffects']>();
    for (const effects of snapshot.foldEffects)
      byAdvertiser.set(effects.advertiserId, [...(byAdvertiser.get(effects.advertiserId) ?? []), effects]);
    const unapplied: DeliverySnapshot['foldEffects'] = [];
    await Promise.all(
      [...byAdvertiser].map(async ([advertiserId, folds]) => {
        const seen = observed.get(advertiserSpendKey(advertiserId))?.foldSequence ?? 0;
        const numbers = await this.#options.store.appliedFolds(
          advertiserId,
          folds.map((fold) => fold.foldId),
        );
        folds.forEach((fold, i) => {
          const number = numbers[i] ?? null;
          // A fold the store took after the observation is in the counters since, not before; one
          // marked applied that the store does not know (it restarted empty) is in neither.
          if (number === null ? !fold.applied : number > seen) unapplied.push(fold);
        });
      }),
    );
    return deltasByKey(unapplied);
  }

  /**
   * The counters' bases of the reloaded advertisers (`CounterBase`): what the database has spent
   * (less what folds not yet in the store add, `unapplied`) less what the store had settled when
   * observed. Advertisers with a counter not observed (a new
   * campaign, a new day) are to be reloaded again. Tells the watcher the drift of the campaigns'
   * lifetime counters since their last bases, and the counters made anew.
   */
  #basesOf(
    snapshot: DeliverySnapshot,
    observed: ReadonlyMap<string, CounterReading>,
    change: Pending,
    unapplied: ReadonlyMap<string, number>,
  ) {
    const counters = change.all
      ? new Map<number, Map<string, CounterBase>>()
      : new Map([...this.#counters].filter(([id]) => !change.advertisers.has(id)));
    const unread = new Set<number>();
    const drift = new Map<string, number>();
    let lost = 0;
    const base = (advertiserId: number, key: string, databaseMicros: number, currency: string | null) => {
      const reading = observed.get(key);
      if (!reading) {
        unread.add(advertiserId);
        return;
      }
      const before = this.#counters.get(advertiserId)?.get(key);
      const next = {
        generation: reading.generation,
        offsetMicros: databaseMicros - (unapplied.get(key) ?? 0) - reading.spentMicros,
      };
      if (before && before.generation !== next.generation) lost += 1;
      else if (before && currency)
        drift.set(currency, (drift.get(currency) ?? 0) + next.offsetMicros - before.offsetMicros);
      let own = counters.get(advertiserId);
      if (!own) {
        own = new Map();
        counters.set(advertiserId, own);
      }
      own.set(key, next);
    };
    for (const id of snapshot.funds.keys()) base(id, advertiserSpendKey(id), 0, null);
    for (const campaign of snapshot.campaigns) {
      const spend = snapshot.spend.get(campaign.id);
      if (!spend) continue;
      const [today, tomorrow, total] = counterKeysOf(campaign, spend.today) as [
        BudgetKey,
        BudgetKey,
        BudgetKey,
      ];
      base(campaign.advertiserId, today.key, spend.todayMicros, null);
      base(campaign.advertiserId, tomorrow.key, spend.tomorrowMicros, null);
      base(campaign.advertiserId, total.key, spend.totalMicros, campaign.currency);
    }
    for (const [currency, micros] of drift) this.#options.watcher?.drift(currency, micros);
    if (lost) this.#options.watcher?.countersLost(lost);
    return { counters, unread };
  }
}

/** The keys a reload observes of a campaign whose advertiser's day is `today`: today's, tomorrow's (ready at midnight) and its life's. */
function counterKeysOf(campaign: CampaignInput, today: string): BudgetKey[] {
  const { advertiserId, id } = campaign;
  return [
    campaignDayBudgetKey(advertiserId, id, today),
    campaignDayBudgetKey(advertiserId, id, nextDay(today)),
    { key: campaignTotalKey(advertiserId, id) },
  ];
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
