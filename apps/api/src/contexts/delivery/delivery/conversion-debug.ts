import {
  type ConversionOrderRow,
  conversionAdvertiser,
  conversionSourceOf,
  heldConversionCount,
  newestConversions,
} from '@rtb/delivery';
import { type ConversionDebug, type ConversionStatus, toApiDateTime } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';

/** A conversion's row as the Tags tab's debugger shows it, in the advertiser's currency. */
export function toConversionDebug(row: ConversionOrderRow, currency: string): ConversionDebug {
  return {
    id: row.id,
    orderId: row.orderId,
    source: conversionSourceOf(row.source) ?? 'pixel',
    receivedAt: toApiDateTime(row.occurredAt ?? row.recordedAt),
    valueMinor: row.valueMinor,
    currency,
    status: row.status,
    holdReasons: row.holdReasons,
    attribution: row.attribution,
    confirmedAt: row.confirmedAt ? toApiDateTime(row.confirmedAt) : null,
    confirmedBy: row.confirmedBy,
    confirmedValueMinor: row.confirmedValueMinor,
  };
}

/**
 * `GET /api/advertiser/tag/conversions`: the advertiser's newest conversions from every source
 * (of one status, or all), newest first, and how many are held.
 */
export async function listConversions(
  deps: AppDeps,
  advertiserId: number,
  query: { status?: ConversionStatus; limit: number },
): Promise<{ conversions: ConversionDebug[]; heldCount: number }> {
  const currency = (await conversionAdvertiser(deps, advertiserId))?.currency ?? '';
  const rows = await newestConversions(deps.db, advertiserId, query);
  return {
    conversions: rows.map((row) => toConversionDebug(row, currency)),
    heldCount: await heldConversionCount(deps.db, advertiserId),
  };
}
