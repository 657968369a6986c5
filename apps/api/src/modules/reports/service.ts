/** What other modules use of reports: the delivery module adds each batch of events to the rollups. */
export { addHourlyStats, type HourlyStatsDelta } from './hourly-stats';
