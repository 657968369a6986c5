import { collectDefaultMetrics, Registry } from 'prom-client';

/** A process's metrics registry with Node's default process metrics (CPU, memory, event loop, handles). */
export function processRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}
