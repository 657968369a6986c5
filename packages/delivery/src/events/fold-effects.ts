import { randomUUID } from 'node:crypto';
import { type BudgetKey, spendKeysOf } from '@rtb/rtb';
import type { DeliveryEventInput, RecordedEvent } from './record-events';

/**
 * What one fold settled under each budget counter of one advertiser (docs/operations.md, 'Spend
 * reaches the bidders as counter deltas'): the sum of its billed impressions' costs per key, and
 * the bids they were (their reservations end). The budget store adds it once per fold (its id),
 * and a reload leaves out of its limits what the store had not added when it was observed.
 */
export interface FoldEffects {
  foldId: string;
  advertiserId: number;
  deltas: (BudgetKey & { micros: number })[];
  /** Not kept in the database: a reservation left behind lapses. */
  bidIds?: string[];
}

/** The fold's effects per advertiser, from the events it recorded (each billed impression once). */
export function foldEffectsOf(
  folded: readonly { event: DeliveryEventInput; recorded: RecordedEvent }[],
  foldId: string = randomUUID(),
): FoldEffects[] {
  const byAdvertiser = new Map<
    number,
    { deltas: Map<string, BudgetKey & { micros: number }>; bidIds: string[] }
  >();
  for (const { event, recorded } of folded) {
    if (event.kind !== 'impression' || !recorded.recorded || recorded.invalidReason) continue;
    if (!event.costMicros || !event.bidId || event.campaignId == null || !event.day) continue;
    let own = byAdvertiser.get(event.advertiserId);
    if (!own) {
      own = { deltas: new Map(), bidIds: [] };
      byAdvertiser.set(event.advertiserId, own);
    }
    own.bidIds.push(event.bidId);
    for (const key of spendKeysOf(event.advertiserId, event.campaignId, event.day)) {
      const delta = own.deltas.get(key.key) ?? { ...key, micros: 0 };
      delta.micros += event.costMicros;
      own.deltas.set(key.key, delta);
    }
  }
  return [...byAdvertiser].map(([advertiserId, own]) => ({
    foldId,
    advertiserId,
    deltas: [...own.deltas.values()],
    bidIds: own.bidIds,
  }));
}

/** Micro-units under each key that these effects add. */
export function deltasByKey(effects: readonly FoldEffects[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const { deltas } of effects)
    for (const delta of deltas) sums.set(delta.key, (sums.get(delta.key) ?? 0) + delta.micros);
  return sums;
}
