import { ConfigValues, type Database, type TransactionScope } from '@rtb/db';
import { EventPartitions } from './events/event-partitions';

/**
 * What the delivery engine needs of the process it runs in: the API's `AppDeps` is one, a
 * standalone bidder makes its own (`createDeliveryDeps`).
 */
export interface DeliveryDeps extends TransactionScope {
  config: {
    /** Days of raw delivery events kept: an event of an older bid is no longer recorded. */
    rawEventsRetentionDays: number;
  };
  /** The platform's configuration values (base currency, margin, banner sizes). */
  settings: Pick<ConfigValues, 'get' | 'forget'>;
  /** What this process knows of delivery_events' day partitions (created on demand when recording). */
  eventPartitions: EventPartitions;
}

/** A bidder's own: outside a transaction effects run at once and nothing rolls back. */
export function createDeliveryDeps(db: Database, config: DeliveryDeps['config']): DeliveryDeps {
  return {
    db,
    config,
    settings: new ConfigValues(),
    eventPartitions: new EventPartitions(),
    afterCommit: (effect) => effect(),
    onRollback: () => {},
  };
}
