import type { FastifyReply, FastifyRequest } from 'fastify';
import { stillAllowed } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { liveStart, liveTagEvents } from './live-tag-events';

const HEARTBEAT_MS = 15_000;
const POSITION = /^[1-9]\d{0,15}$/;

/** Where a reconnecting reader left off (`Last-Event-ID`); null when absent or not one of ours. */
function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  return typeof header === 'string' && POSITION.test(header.trim()) ? Number(header.trim()) : null;
}

/**
 * Writes the advertiser's tag events to the response as server-sent events until the reader
 * goes away, `signal` aborts (the server closes) or the session no longer allows it (checked
 * with each heartbeat). The response is taken over from Fastify (`hijack`): it outlives the
 * request time limit, and the headers set so far (security headers, request id) are kept.
 */
export async function streamTagEvents(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { advertiserId: number; signal: AbortSignal; pollMs: number },
): Promise<void> {
  const afterSeq = await liveStart(deps, options.advertiserId, lastEventIdOf(request));
  const done = new AbortController();
  const stop = () => done.abort();
  options.signal.addEventListener('abort', stop);
  reply.hijack();
  const res = reply.raw;
  res.on('close', stop);
  const kept = Object.entries(reply.getHeaders()).filter(
    (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
  );
  res.writeHead(200, {
    ...Object.fromEntries(kept),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  // Tells the reader how long to wait before reconnecting, and sends the headers at once.
  res.write('retry: 2000\n\n');
  const heartbeat = setInterval(() => {
    res.write(': heartbeat\n\n');
    stillAllowed(deps, request).then(
      (allowed) => allowed || stop(),
      () => stop(),
    );
  }, HEARTBEAT_MS);
  try {
    for await (const { seq, event } of liveTagEvents(deps, options.advertiserId, afterSeq, {
      pollMs: options.pollMs,
      signal: done.signal,
    }))
      res.write(`id: ${seq}\nevent: tag-event\ndata: ${JSON.stringify(event)}\n\n`);
  } catch (error) {
    // The reader reconnects with its Last-Event-ID and misses nothing.
    request.log.error({ err: error }, 'tag event stream stopped');
  } finally {
    clearInterval(heartbeat);
    options.signal.removeEventListener('abort', stop);
    res.end();
  }
}
