/** What every process of the platform serves and does to be operable: health, readiness, metrics, timeouts, a clean drain. The API and the bidder both run on it. */
export { databaseReadiness } from './database-readiness';
export { closeConnectionsWhileDraining, drainAndExit, type ShutdownOptions } from './drain';
export { boundedServer } from './http-server';
export { loadProcessConfig, type ProcessConfig } from './process-config';
export { publicUrlOf } from './public-url';
export { Readiness, type ReadinessCheck, type ReadinessReport } from './readiness';
export { type MetricsRegistry, processRegistry } from './registry';
export { type OperationsOptions, registerOperationsRoutes } from './routes';
