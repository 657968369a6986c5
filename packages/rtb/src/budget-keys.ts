/*
 * The names of the budget counters (apps/bidder's BudgetStore). Every key of one advertiser
 * carries the hash tag `{a<id>}`, so a reservation touching its campaign and funds keys runs in
 * one atomic script on one Redis Cluster slot. The bid path reserves under these keys and the
 * trackers settle under the same ones, from the bid token's advertiser, campaign and day.
 */

/** What a campaign has spent on one day of its advertiser (`YYYY-MM-DD`). */
export const campaignDayKey = (advertiserId: number, campaignId: number, day: string) =>
  `b:{a${advertiserId}}:c${campaignId}:d${day}`;

/** What a campaign has spent in its life. */
export const campaignTotalKey = (advertiserId: number, campaignId: number) =>
  `b:{a${advertiserId}}:c${campaignId}:t`;

/** What an advertiser has spent since the bidders started counting (its funds come from the ledger). */
export const advertiserSpendKey = (advertiserId: number) => `b:{a${advertiserId}}:f`;

/** Every key a bid of this campaign on this day reserves under and its billed impression settles. */
export const spendKeysOf = (advertiserId: number, campaignId: number, day: string) => [
  campaignDayKey(advertiserId, campaignId, day),
  campaignTotalKey(advertiserId, campaignId),
  advertiserSpendKey(advertiserId),
];
