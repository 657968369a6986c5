import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerBid, type BidAnswer, type BidRouteContext, noBid, refusal } from './answer-bid';
import { BID_REQUEST_MAX_BYTES } from './read-body';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

const JSON_TYPE = 'application/json; charset=utf-8';
const TOO_LARGE = 'Request body is too large';

/**
 * `POST /openrtb2/bid` (OpenRTB 2.6; 2.5 requests too) on `node:http` itself: no router, hook or
 * reply object of a framework between the socket and the decision (a bid takes tens of
 * microseconds; Fastify's per-request work was a tenth of it). The body is read raw (any content
 * type, gzip or not, at most 256 kB: past that, or a longer `content-length`, 400 `too_large` and
 * the connection closed, as the client may send more) and answered by `answerBid`; a failure
 * inside is logged and answered 204 `unavailable`, never 5xx. While the process drains every
 * answer closes its connection. Every answer is counted by outcome and reason
 * (`rtb_bid_requests_total`) and timed (`rtb_bid_duration_seconds`).
 */
export function bidHandler(context: BidRouteContext): NodeHandler {
  const { metrics } = context;
  const send = (res: ServerResponse, answer: BidAnswer, started: number, closing: boolean) => {
    const close = closing || context.draining();
    if (answer.status === 200) {
      const headers = [
        'content-type',
        JSON_TYPE,
        'content-length',
        String(Buffer.byteLength(answer.json)),
        'x-openrtb-version',
        '2.6',
      ];
      res.writeHead(200, close ? [...headers, 'connection', 'close'] : headers).end(answer.json);
    } else {
      const headers =
        answer.status === 204
          ? ['x-rtb-reason', answer.reason]
          : ['x-rtb-reason', answer.reason, 'x-rtb-message', answer.message, 'content-length', '0'];
      res.writeHead(answer.status, close ? [...headers, 'connection', 'close'] : headers).end();
    }
    metrics.bidSeconds.observe((performance.now() - started) / 1000);
  };

  const refuse = (res: ServerResponse, started: number, reason: string, message: string) =>
    send(res, refusal(metrics, reason, message), started, true);

  // The callbacks are anonymous: a named closure made per request costs a `__name` call under tsx.
  return (req, res) => {
    const started = performance.now();
    const startedAt = Date.now();
    const declared = Number(req.headers['content-length']);
    if (declared > BID_REQUEST_MAX_BYTES) return refuse(res, started, 'too_large', TOO_LARGE);
    const chunks: Buffer[] = [];
    let length = 0;
    // Once refused or read whole, nothing the request does later is answered again.
    let settled = false;
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      length += chunk.length;
      if (length <= BID_REQUEST_MAX_BYTES) chunks.push(chunk);
      else {
        settled = true;
        refuse(res, started, 'too_large', TOO_LARGE);
      }
    });
    req.on('error', (error: Error) => {
      if (settled) return;
      settled = true;
      refuse(res, started, 'bad_request', error.message.slice(0, 200));
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      if (!Number.isNaN(declared) && length !== declared)
        return refuse(res, started, 'bad_request', 'Request body size did not match Content-Length');
      const raw = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length);
      answerBid(context, raw, req.headers['content-encoding'], startedAt)
        .then((answer) => send(res, answer, started, false))
        .catch((err: unknown) => {
          context.log.error({ err }, 'bid failed');
          if (!res.headersSent) send(res, noBid(metrics, 'unavailable'), started, false);
        });
    });
  };
}

/** Whether a request is a bid request (`POST /openrtb2/bid`, a trailing slash and a query allowed). */
export function isBidRequest(req: IncomingMessage): boolean {
  if (req.method !== 'POST') return false;
  const url = req.url ?? '';
  if (!url.startsWith('/openrtb2/bid')) return false;
  const rest = url.length === 13 ? '' : url.slice(13);
  return rest === '' || rest === '/' || rest[0] === '?' || rest.startsWith('/?');
}
