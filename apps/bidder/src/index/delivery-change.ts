/**
 * What a `delivery_changed` payload (`<table>:<id>`, migration 0009) asks a bidder to reload:
 * one advertiser, or everything.
 */
export type DeliveryChange =
  | { kind: 'all' }
  | { kind: 'advertiser'; advertiserId: number }
  | { kind: 'marker' };

/** The tables whose payload names the advertiser whose campaigns or funds changed. */
const advertiserTables = new Set([
  'campaigns',
  'audiences',
  'banners',
  'campaign_banners',
  'advertisers',
  'log_regulations',
  'ledger_accounts',
]);

/** Payloads a bidder sends itself to learn that every earlier notification has reached it. */
export const MARKER_PREFIX = 'settled:';

/**
 * Platform-wide settings (`config_values:`, `currency_rates:`, `regulations:`), a reconnected
 * listener (`*:`) and agencies (`agencies:agency-3`, `ledger_accounts:agency-3`: rare, and
 * mapping an agency to its advertisers would take a query of its own) reload everything, as
 * does anything not known here, so a new trigger is never missed.
 */
export function deliveryChangeOf(payload: string): DeliveryChange {
  if (payload.startsWith(MARKER_PREFIX)) return { kind: 'marker' };
  const separator = payload.indexOf(':');
  const table = payload.slice(0, separator);
  const id = payload.slice(separator + 1);
  if (separator > 0 && advertiserTables.has(table) && /^[1-9]\d{0,15}$/.test(id))
    return { kind: 'advertiser', advertiserId: Number(id) };
  return { kind: 'all' };
}
