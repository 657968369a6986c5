/**
 * What other modules use of reports: the delivery module adds each batch of events to the
 * rollups; the integration status asks whether delivery data is arriving.
 */
export { addHourlyStats, type HourlyStatsDelta } from './hourly-stats';
export { reportsViewStatus } from './view-status';
