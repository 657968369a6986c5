import { collectDefaultMetrics, Registry } from 'prom-client';

/** Where a process's metrics go (the workers' too, where it runs them). */
export type MetricsRegistry = Registry;

/** A process's metrics registry with Node's default process metrics (CPU, memory, event loop, handles). */
export function processRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}
