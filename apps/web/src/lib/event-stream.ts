import { isApiError } from './api-client';

/** One dispatched server-sent event (WHATWG HTML, 'Server-sent events'). */
export interface ServerSentEvent {
  /** The `event:` field; `message` when the event named none. */
  event: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  /** The stream's last event id when this event was dispatched ('' before any `id:`). */
  lastEventId: string;
}

/**
 * Parses `text/event-stream` text as it arrives, in pieces cut anywhere (even between a CR and
 * its LF): lines end with CRLF, LF or CR; `:` lines are comments (heartbeats); a blank line
 * dispatches the event gathered so far, and one without data is dropped. The last event id
 * outlives its event, as the reconnection's Last-Event-ID.
 */
export class EventStreamParser {
  lastEventId = '';
  private line = '';
  private afterCr = false;
  private started = false;
  private eventType = '';
  private data: string[] = [];
  private idBuffer = '';

  constructor(
    private readonly onEvent: (event: ServerSentEvent) => void,
    /** A `retry:` field: the server's reconnection time in milliseconds. */
    private readonly onRetry: (ms: number) => void = () => {},
    /** The id the previous connection ended with. */
    lastEventId = '',
  ) {
    this.lastEventId = lastEventId;
    this.idBuffer = lastEventId;
  }

  push(text: string): void {
    let chunk = text;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
    }
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const char = chunk[i];
      if (char !== '\r' && char !== '\n') continue;
      const skip = char === '\n' && this.afterCr && i === start && this.line === '';
      this.afterCr = char === '\r';
      if (skip) {
        // The LF of a CRLF whose CR ended the previous piece, or the text just before it.
        start = i + 1;
        continue;
      }
      this.takeLine(this.line + chunk.slice(start, i));
      this.line = '';
      start = i + 1;
    }
    if (start < chunk.length) {
      this.line += chunk.slice(start);
      this.afterCr = false;
    }
  }

  private takeLine(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventType = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.idBuffer = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.onRetry(Number(value));
  }

  private dispatch(): void {
    this.lastEventId = this.idBuffer;
    const data = this.data;
    const event = this.eventType || 'message';
    this.data = [];
    this.eventType = '';
    if (data.length > 0) this.onEvent({ event, data: data.join('\n'), lastEventId: this.lastEventId });
  }
}

export type EventStreamState = 'connecting' | 'open' | 'reconnecting' | 'failed';

export interface ReadEventStreamOptions {
  /** Opens the stream (see `api.stream`), sending Last-Event-ID when there is one. */
  open: (lastEventId: string | null, signal: AbortSignal) => Promise<Response>;
  onEvent: (event: ServerSentEvent) => void;
  /** Each change of the connection; `failed` comes with the refusal and ends the reading. */
  onState?: (state: EventStreamState, error?: unknown) => void;
  /** Stops the reading (also while connecting or waiting to reconnect). */
  signal: AbortSignal;
  /** The first wait before reconnecting; the server's `retry:` replaces it. */
  retryMs?: number;
  /** Waits double after each attempt that received nothing, up to this. */
  maxRetryMs?: number;
  /** Waits `ms` or until the signal aborts (tests pass one that does not wait). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** An answer that is not an event stream (EventSource gives up on one too). */
const notAStream = new TypeError('The answer is not an event stream');

/**
 * A refusal that another attempt would get again (no permission, no such stream); a lost
 * connection, a timeout, a rate limit or a server error is worth another try.
 */
const isFinal = (error: unknown) =>
  isApiError(error) && error.code >= 400 && error.code < 500 && error.code !== 408 && error.code !== 429;

/**
 * Reads a server-sent event stream over `fetch` (EventSource cannot send the Authorization
 * header): parses what arrives, and when the stream ends or the connection fails, waits and
 * opens it again with the last event id, so the server can send what was missed. Resolves when
 * the signal aborts, or after a final refusal (state `failed`).
 */
export async function readEventStream(options: ReadEventStreamOptions): Promise<void> {
  const { open, onEvent, onState = () => {}, signal, maxRetryMs = 30_000, wait = waitFor } = options;
  let retryMs = options.retryMs ?? 1000;
  let lastEventId = '';
  /** Attempts in a row that received nothing. */
  let idle = 0;
  onState('connecting');
  while (!signal.aborted) {
    let received = false;
    try {
      const response = await open(lastEventId || null, signal);
      if (signal.aborted) return;
      if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream'))
        throw notAStream;
      onState('open');
      const parser = new EventStreamParser(
        onEvent,
        (ms) => {
          retryMs = ms;
        },
        lastEventId,
      );
      const reader = response.body.getReader();
      const cancel = () => void reader.cancel().catch(() => {});
      signal.addEventListener('abort', cancel, { once: true });
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done || signal.aborted) break;
          received = true;
          parser.push(decoder.decode(value, { stream: true }));
          lastEventId = parser.lastEventId;
        }
      } finally {
        signal.removeEventListener('abort', cancel);
      }
    } catch (error) {
      if (signal.aborted) return;
      if (error === notAStream || isFinal(error)) {
        onState('failed', error);
        return;
      }
    }
    if (signal.aborted) return;
    idle = received ? 0 : idle + 1;
    onState('reconnecting');
    await wait(Math.min(maxRetryMs, retryMs * 2 ** Math.max(0, idle - 1)), signal);
  }
}
