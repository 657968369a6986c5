/** Background work one process at a time does, under a lease (`worker_leases`). */
export { type LeasedTaskOptions, startLeasedTask } from './leased-task';

/**
 * A work's lease lapses this many of its rounds' intervals after its holder's last renewal: a
 * killed holder's work waits that long for another process, and a round may take that long
 * between two renewals.
 */
export const LEASE_TTL_INTERVALS = 3;
