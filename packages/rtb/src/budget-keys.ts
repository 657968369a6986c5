/*
 * The names of the budget counters (apps/bidder's BudgetStore). Every key of one advertiser
 * carries the hash tag `{a<id>}`, so a reservation touching its campaign and funds keys runs in
 * one atomic script on one Redis Cluster slot. The bid path reserves under these keys and the
 * trackers settle under the same ones, from the bid token's advertiser, campaign and day.
 */

/** A counter's key and, for one that must not outlive its use (a day's), its time to live. */
export interface BudgetKey {
  key: string;
  ttlMs?: number;
}

/**
 * How long a day's counter lives after it is made: made at the latest on the day before (the
 * bidders observe tomorrow's counter ahead), it outlives its day in any time zone.
 */
export const DAY_KEY_TTL_MS = 3 * 86_400_000;

/** What a campaign has spent on one day of its advertiser (`YYYY-MM-DD`). */
export const campaignDayKey = (advertiserId: number, campaignId: number, day: string) =>
  `b:{a${advertiserId}}:c${campaignId}:d${day}`;

/** What a campaign has spent in its life. */
export const campaignTotalKey = (advertiserId: number, campaignId: number) =>
  `b:{a${advertiserId}}:c${campaignId}:t`;

/** What an advertiser has spent while the counter has been kept (its funds come from the ledger). */
export const advertiserSpendKey = (advertiserId: number) => `b:{a${advertiserId}}:f`;

/**
 * A fold of the event log whose spend the advertiser's counters have (its number in the
 * advertiser's sequence, kept `FOLD_MARK_TTL_MS`), and that sequence's last number
 * (`BudgetStore.applyFold`).
 */
export const advertiserFoldKey = (advertiserId: number, foldId: string) =>
  `b:{a${advertiserId}}:fold:${foldId}`;
export const advertiserFoldSequenceKey = (advertiserId: number) => `b:{a${advertiserId}}:fseq`;

/** The advertiser a budget key belongs to (its hash tag `{a<id>}`). */
export function advertiserOfKey(key: string): number {
  const match = /\{a(\d+)\}/.exec(key);
  if (!match) throw new Error(`The budget key ${key} names no advertiser.`);
  return Number(match[1]);
}

/** A day's counter with its time to live. */
export const campaignDayBudgetKey = (advertiserId: number, campaignId: number, day: string): BudgetKey => ({
  key: campaignDayKey(advertiserId, campaignId, day),
  ttlMs: DAY_KEY_TTL_MS,
});

/** Every key a bid of this campaign on this day reserves under and its billed impression settles. */
export const spendKeysOf = (advertiserId: number, campaignId: number, day: string): BudgetKey[] => [
  campaignDayBudgetKey(advertiserId, campaignId, day),
  { key: campaignTotalKey(advertiserId, campaignId) },
  { key: advertiserSpendKey(advertiserId) },
];
