import {
  type CampaignInput,
  campaignDayKey,
  dayProgress,
  initialPacing,
  localTime,
  type PacingState,
  pacingAllows,
  pacingPriceShare,
  updatePacing,
} from '@rtb/rtb';
import type { BudgetStore } from '../budget/budget-store';
import type { LiveIndex } from '../index/live-index';

/** What pacing needs of the live index: which campaigns are in it, and their spend today. */
export type PacedIndex = Pick<LiveIndex<unknown>, 'campaign' | 'spentOn'>;

/** How often a campaign's controller looks at its spend again. */
const REFRESH_MS = 1_000;
/** How often the controllers of campaigns gone from the index are forgotten. */
const SWEEP_MS = 60_000;

interface Entry {
  state: PacingState;
  checkedAt: number;
  refreshing: boolean;
}

/**
 * The even-pacing controllers of the campaigns (packages/rtb `updatePacing`), one per campaign.
 * A bid never waits for one: the decision reads the current throttle, and at most once a second
 * a campaign's spend today is read from the budget store in the background to update it. With
 * Redis the spend is every bidder's, so all processes converge on the same throttle.
 */
export class PacingBook {
  readonly #entries = new Map<number, Entry>();
  readonly #store: BudgetStore;
  readonly #onError: (error: unknown) => void;
  readonly #live: PacedIndex;
  #sweptAt = 0;

  constructor(store: BudgetStore, live: PacedIndex, onError: (error: unknown) => void) {
    this.#store = store;
    this.#live = live;
    this.#onError = onError;
  }

  /**
   * Whether an even-paced campaign bids now; campaigns without a daily budget or paced ASAP always
   * do, and so do outcome goals, which are paced by their price (`priceShare`).
   */
  allows(campaign: CampaignInput, now: Date, random: () => number): boolean {
    const entry = this.#entryOf(campaign, now);
    return entry === null || campaign.outcome !== null || pacingAllows(entry.state, random);
  }

  /**
   * The share of each impression's value an even-paced outcome goal bids now
   * (`pacingPriceShare`): skipping auctions would buy the likely conversions no more often than
   * the others. 1 for any other campaign.
   */
  priceShare(campaign: CampaignInput, now: Date): number {
    const entry = campaign.outcome === null ? null : this.#entryOf(campaign, now);
    return entry === null ? 1 : pacingPriceShare(entry.state, campaign.dailyBudgetMicros ?? 0);
  }

  /** An even-paced campaign's controller, refreshed in the background at most once a second; null for others. */
  #entryOf(campaign: CampaignInput, now: Date): Entry | null {
    if (campaign.pacing !== 'even' || campaign.dailyBudgetMicros === null) return null;
    let entry = this.#entries.get(campaign.id);
    if (!entry) {
      entry = { state: initialPacing(), checkedAt: 0, refreshing: false };
      this.#entries.set(campaign.id, entry);
    }
    if (!entry.refreshing && now.getTime() - entry.checkedAt >= REFRESH_MS) {
      this.#refresh(campaign, entry, now);
      this.#sweep(now.getTime());
    }
    return entry;
  }

  #refresh(campaign: CampaignInput, entry: Entry, now: Date) {
    entry.refreshing = true;
    const day = localTime(now, campaign.timeZone).day;
    this.#store
      .totals([campaignDayKey(campaign.advertiserId, campaign.id, day)])
      .then(([totals]) => {
        // The store's count is relative to its last reading (LiveIndex); not known: wait.
        const spent = this.#live.spentOn(campaign, day, totals?.spentMicros ?? 0);
        if (spent === null) return;
        entry.state = updatePacing(entry.state, {
          nowMs: now.getTime(),
          spentTodayMicros: spent,
          dailyBudgetMicros: campaign.dailyBudgetMicros ?? 0,
          dayProgress: dayProgress(campaign, now),
        });
      })
      .catch(this.#onError)
      .finally(() => {
        entry.checkedAt = now.getTime();
        entry.refreshing = false;
      });
  }

  /** Forgets the controllers of campaigns no longer in the index, at most once a minute. */
  #sweep(nowMs: number) {
    if (nowMs - this.#sweptAt < SWEEP_MS) return;
    this.#sweptAt = nowMs;
    for (const id of this.#entries.keys())
      if (this.#live.campaign(id) === undefined) this.#entries.delete(id);
  }
}
