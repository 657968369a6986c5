import type { FoldedEvent } from '@rtb/delivery';
import type { BidToken } from '../bid-token';
import type { BudgetStore } from '../budget/budget-store';
import type { BidderConfig } from '../config';
import type { BidderMetrics } from '../metrics/bidder-metrics';

/** What a notice's fold needs of its bid beyond the event: the gross cost, its currency, the frequency cap. */
export interface BudgetNote {
  grossMicros: number;
  currency: string;
  /** The frequency-cap counter a billed impression adds to, and when it expires (Unix ms). */
  frequency: { key: string; expiresAtMs: number } | null;
}

/** The note of a notice of this bid at this gross cost. */
export const budgetNoteOf = (token: BidToken, grossMicros: number): BudgetNote => ({
  grossMicros,
  currency: token.acur,
  frequency: token.fq ? { key: token.fq, expiresAtMs: token.fqx * 1000 } : null,
});

/**
 * What a folded delivery event changes in the budget counters and the metrics (after its fold
 * committed, once per recorded event): a win makes the bid's reservation its actual cost, a
 * billed impression counts for the frequency cap (its spend reaches the counters with its fold's
 * effects, `BudgetStore.applyFold`), and a loss or an impression not billed (bot, test) frees
 * the reservation. A test bid reserved nothing and frees nothing.
 */
export async function applyFolded(
  store: BudgetStore,
  config: BidderConfig,
  metrics: BidderMetrics,
  folded: FoldedEvent<BudgetNote>,
): Promise<void> {
  const { event, note } = folded.logged;
  const { recorded, invalidReason } = folded.recorded;
  metrics.tracked.inc({
    type: event.kind,
    result: !recorded ? 'duplicate' : invalidReason ? 'invalid' : 'recorded',
  });
  if (!recorded || !event.bidId) return;
  const bidId = event.bidId;
  const advertiserId = event.advertiserId;
  const test = event.invalidReason === 'test';
  if (event.kind === 'win' && note) {
    if (!invalidReason) metrics.wins.inc();
    if (!test) await store.adjust(bidId, advertiserId, note.grossMicros, config.wonTtlMs);
  } else if (event.kind === 'impression' && note) {
    if (invalidReason) return store.release(bidId, advertiserId);
    metrics.spend.inc({ currency: note.currency }, note.grossMicros);
    if (note.frequency) await store.countImpression(note.frequency.key, note.frequency.expiresAtMs);
  } else if (event.kind === 'loss' && !invalidReason) {
    metrics.losses.inc();
    await store.release(bidId, advertiserId);
  }
}
