import { describe, expect, it, vi } from 'vitest';
import {
  EventStreamParser,
  type EventStreamState,
  readEventStream,
  type ServerSentEvent,
} from './event-stream';

/** Parses the pieces in order and answers the events dispatched and the retry times given. */
function parse(pieces: string[]) {
  const events: ServerSentEvent[] = [];
  const retries: number[] = [];
  const parser = new EventStreamParser(
    (event) => events.push(event),
    (ms) => retries.push(ms),
  );
  for (const piece of pieces) parser.push(piece);
  return { events, retries, parser };
}

/** Every way of cutting `text` in two. */
const cuts = (text: string) =>
  Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);

const encoder = new TextEncoder();

/** A 200 event-stream answer that sends the byte pieces, then ends. */
function streamOf(pieces: (string | Uint8Array)[], contentType = 'text/event-stream') {
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces)
          controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
        controller.close();
      },
    }),
    { headers: { 'content-type': contentType } },
  );
}

const refusal = (code: number) => ({
  originalError: null,
  statusText: String(code),
  code,
  message: 'Refused',
  validationErrors: {},
  apiError: true,
});

describe('the event-stream parser', () => {
  const stream =
    ': heartbeat\n' +
    'event: tag-event\n' +
    'id: 41\n' +
    'data: {"a":1,\n' +
    'data:"b":2}\n' +
    '\n' +
    'data: plain\r\n' +
    'data: text\r\n' +
    '\r\n' +
    'id: 42\r' +
    'data:  two spaces\r' +
    '\r';

  it('reads named events, multi-line data, comments and ids, whatever the line ends', () => {
    const { events, parser } = parse([stream]);
    expect(events).toEqual([
      { event: 'tag-event', data: '{"a":1,\n"b":2}', lastEventId: '41' },
      // The event name is the event's own; the last id carries over.
      { event: 'message', data: 'plain\ntext', lastEventId: '41' },
      // One space after the colon is the separator, the next is data.
      { event: 'message', data: ' two spaces', lastEventId: '42' },
    ]);
    expect(parser.lastEventId).toBe('42');
  });

  it('reads the same events wherever the text is cut, even between a CR and its LF', () => {
    const whole = parse([stream]).events;
    for (const pieces of cuts(stream)) expect(parse(pieces).events).toEqual(whole);
    // And a character at a time.
    expect(parse([...stream]).events).toEqual(whole);
  });

  it('keeps a CR then LF across pieces as one line end, and CR CR as two', () => {
    expect(parse(['data: a\r', '\n', 'data: b\r', '\n', '\r', '\n']).events).toEqual([
      { event: 'message', data: 'a\nb', lastEventId: '' },
    ]);
    expect(parse(['data: a\r', '\r']).events).toHaveLength(1);
  });

  it('drops an event without data and one the stream ends in the middle of, but keeps its id', () => {
    const { events, parser } = parse(['id: 7\nevent: tag-event\n\n', 'data: cut off']);
    expect(events).toEqual([]);
    expect(parser.lastEventId).toBe('7');
  });

  it('takes a field without a colon as empty, ignores unknown fields, a BOM and an id with NUL', () => {
    const { events } = parse(['\uFEFFdata\ndata\nfoo: bar\nid: x\0y\n\n']);
    expect(events).toEqual([{ event: 'message', data: '\n', lastEventId: '' }]);
  });

  it('passes on a retry time of digits only', () => {
    expect(parse(['retry: 2500\nretry: soon\nretry: 1.5\n\n']).retries).toEqual([2500]);
  });
});

describe('reading an event stream', () => {
  /** Runs the reader over the answers in order (an Error rejects); it stops when they run out. */
  async function read(answers: (Response | Error | ReturnType<typeof refusal>)[], retryMs?: number) {
    const controller = new AbortController();
    const sent: (string | null)[] = [];
    const waits: number[] = [];
    const states: EventStreamState[] = [];
    const events: ServerSentEvent[] = [];
    await readEventStream({
      open: async (lastEventId) => {
        sent.push(lastEventId);
        const answer = answers.shift();
        if (!answer) {
          controller.abort();
          throw new DOMException('Aborted', 'AbortError');
        }
        if (answer instanceof Response) return answer;
        throw answer;
      },
      onEvent: (event) => events.push(event),
      onState: (state) => states.push(state),
      signal: controller.signal,
      retryMs,
      maxRetryMs: 8000,
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    return { sent, waits, states, events };
  }

  it('decodes UTF-8 cut in the middle of a character', async () => {
    const bytes = encoder.encode('data: zażółć\n\n');
    const { events } = await read([streamOf([bytes.slice(0, 9), bytes.slice(9)])]);
    expect(events.map((event) => event.data)).toEqual(['zażółć']);
  });

  it('reconnects when the stream ends, sending the last event id, after the time the server asked', async () => {
    const { sent, waits, states, events } = await read([
      streamOf(['retry: 3000\nid: 5\ndata: a\n\n']),
      streamOf(['id: 6\ndata: b\n\n']),
    ]);
    expect(events.map((event) => event.data)).toEqual(['a', 'b']);
    expect(sent).toEqual([null, '5', '6']);
    expect(waits).toEqual([3000, 3000]);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open', 'reconnecting']);
  });

  it('waits twice as long after each attempt that got nothing, up to the limit, and starts over after data', async () => {
    const { waits, sent } = await read(
      [
        new TypeError('Failed to fetch'),
        refusal(503),
        streamOf([]),
        refusal(429),
        new TypeError('Failed to fetch'),
        new TypeError('Failed to fetch'),
        streamOf([': heartbeat\n']),
      ],
      1000,
    );
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000, 8000, 1000]);
    expect(sent).toHaveLength(8);
  });

  it('gives up on a refusal another try would get again, and on an answer that is not a stream', async () => {
    for (const answer of [refusal(403), refusal(401), streamOf(['{}'], 'application/json')]) {
      const { states, sent } = await read([answer, streamOf(['data: never\n\n'])]);
      expect(states).toEqual(['connecting', 'failed']);
      expect(sent).toHaveLength(1);
    }
  });

  it('stops reading when aborted, without reconnecting', async () => {
    const controller = new AbortController();
    const open = vi.fn(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(stream) {
              stream.enqueue(encoder.encode('data: first\n\n'));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    const done = readEventStream({
      open,
      onEvent: () => controller.abort(),
      signal: controller.signal,
    });
    await done;
    expect(open).toHaveBeenCalledTimes(1);
  });
});
