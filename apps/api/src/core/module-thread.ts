import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/**
 * A worker thread running one module of this code base. The processes run TypeScript through
 * tsx (`node --import tsx`, vitest), whose loader a new thread does not inherit on Node 20: a
 * `.ts` module is required once tsx's require hook is registered in the thread. That hook,
 * unlike tsx's ESM loader, starts no loader thread of its own (about 15 MB less per thread);
 * the module and what it imports are loaded as CommonJS, so they cannot use `import.meta` or
 * top-level `await`. Any other module is run as it is.
 */
export function startModuleThread(module: URL, options: WorkerOptions): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module, options);
  const tsx = require.resolve('tsx/cjs/api');
  const script = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(fileURLToPath(module))});`;
  return new Worker(script, { ...options, eval: true });
}
