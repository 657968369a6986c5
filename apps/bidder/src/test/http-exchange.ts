import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ExchangeBid, siteRequest, substituteMacros } from './exchange';

/** One request of the exchange: what it was, and its answer or the connection's error. */
export interface ExchangeCall {
  kind: 'bid' | 'win' | 'bill';
  /** Path and query, macros filled in (a notice is re-sent as it is). */
  path: string;
  /** The event a notice records (`win:<bid>`, `impression:<bid>`). */
  eventKey?: string;
  /** When it was sent, and when its answer or error came (Unix ms). */
  sentAt: number;
  endedAt: number;
  /** Null when the connection failed (refused, reset, closed). */
  status: number | null;
  error?: string;
  /** `x-rtb-reason`. */
  reason?: string;
  /** The `connection` header of the answer. */
  connection?: string;
}

/** The event a notice of the bid records. */
const eventKeyOf = (kind: 'win' | 'bill', bid: ExchangeBid) =>
  `${kind === 'win' ? 'win' : 'impression'}:${bid.id}`;

/**
 * An exchange over real HTTP (keep-alive connections) against a bidder process: auctions in
 * loops, each bid's win and billing notices sent at once with the clearing price filled in, and
 * every call kept for the test to judge. A failed connection is not retried by the loops (the
 * test re-sends what it wants, as an exchange retries its notices).
 */
export class HttpExchange {
  readonly calls: ExchangeCall[] = [];
  readonly #agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  readonly #clearingCpm: string;
  #loops: Promise<void>[] = [];
  #running = false;
  #sequence = 0;
  #holding = false;
  #held: { kind: 'win' | 'bill'; url: string; bid: ExchangeBid }[] = [];
  /** Where the requests go. */
  port: number;

  constructor(port: number, clearingCpm: string) {
    this.port = port;
    this.#clearingCpm = clearingCpm;
  }

  /** Starts `loops` auction loops at once; they run until `stop`. */
  start(loops: number) {
    this.#running = true;
    this.#loops.push(...Array.from({ length: loops }, () => this.#auctions()));
  }

  async stop() {
    this.#running = false;
    await Promise.all(this.#loops);
    this.#loops = [];
  }

  /** Stops the loops and closes every connection. */
  async close() {
    await this.stop();
    this.#agent.destroy();
  }

  /** Calls of a kind answered 200. */
  answered(kind: ExchangeCall['kind']): ExchangeCall[] {
    return this.calls.filter((c) => c.kind === kind && c.status === 200);
  }

  /** The last call of each notice never answered 200. */
  unansweredNotices(): ExchangeCall[] {
    const last = new Map<string, ExchangeCall>();
    for (const call of this.calls) {
      if (call.kind === 'bid' || !call.eventKey) continue;
      if (last.get(call.eventKey)?.status !== 200) last.set(call.eventKey, call);
    }
    return [...last.values()].filter((call) => call.status !== 200);
  }

  /**
   * Re-sends each notice not answered 200 until it is, a second apart, as an exchange retries its
   * notices; fails after `rounds` rounds.
   */
  async resendUnanswered(rounds = 30) {
    for (let round = 0; this.unansweredNotices().length; round++) {
      if (round === rounds)
        throw new Error(`notices still not answered: ${JSON.stringify(this.unansweredNotices())}`);
      if (round) await sleep(1_000);
      await Promise.all(
        this.unansweredNotices().map(({ kind, path, eventKey }) => this.send({ kind, path, eventKey })),
      );
    }
  }

  /**
   * From now on (until told otherwise) the notices of new bids are kept back, as an exchange
   * sends the billing notice only once the ad is shown.
   */
  hold(holding: boolean) {
    this.#holding = holding;
  }

  /** The notices kept back (`hold`), as calls not yet made. */
  held(): Pick<ExchangeCall, 'kind' | 'eventKey'>[] {
    return this.#held.map(({ kind, bid }) => ({ kind, eventKey: eventKeyOf(kind, bid) }));
  }

  /** Sends the notices kept back (the first `count` of them, else every one), all at once. */
  async sendHeld(count = this.#held.length) {
    const held = this.#held.splice(0, count);
    await Promise.all(held.map(({ kind, url, bid }) => this.#notice(kind, url, bid)));
  }

  /** Sends one request and records it; the answer, or null when the connection failed. */
  async send(call: Pick<ExchangeCall, 'kind' | 'path' | 'eventKey'>, body?: string) {
    const sentAt = Date.now();
    try {
      const res = await this.#request(call.kind === 'bid' ? 'POST' : 'GET', call.path, body);
      this.calls.push({
        ...call,
        sentAt,
        endedAt: Date.now(),
        status: res.status,
        reason: res.headers['x-rtb-reason'] as string | undefined,
        connection: res.headers.connection,
      });
      return res;
    } catch (error) {
      this.calls.push({
        ...call,
        sentAt,
        endedAt: Date.now(),
        status: null,
        error: (error as Error).message,
      });
      return null;
    }
  }

  async #notice(kind: 'win' | 'bill', url: string, bid: ExchangeBid) {
    const target = new URL(substituteMacros(url, bid, { price: this.#clearingCpm }));
    await this.send({ kind, path: `${target.pathname}${target.search}`, eventKey: eventKeyOf(kind, bid) });
  }

  async #auctions() {
    while (this.#running) {
      const id = `r${this.#sequence++}`;
      // A visitor of its own per request: no frequency cap stops the campaign.
      const request = siteRequest({ id, user: { id: `user-${id}` }, tmax: 10_000 });
      const res = await this.send({ kind: 'bid', path: '/openrtb2/bid' }, JSON.stringify(request));
      if (res?.status === 200) {
        const [bid] = JSON.parse(res.body).seatbid[0].bid as ExchangeBid[];
        if (bid && this.#holding)
          this.#held.push({ kind: 'win', url: bid.nurl, bid }, { kind: 'bill', url: bid.burl, bid });
        else if (bid)
          await Promise.all([this.#notice('win', bid.nurl, bid), this.#notice('bill', bid.burl, bid)]);
      } else if (!res) await sleep(20);
    }
  }

  #request(method: 'GET' | 'POST', path: string, body?: string) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port: this.port, method, path, agent: this.#agent, timeout: 30_000 },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
            });
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
            );
            response.on('error', reject);
          },
        );
        request.on('timeout', () => request.destroy(new Error('no answer within 30 s')));
        request.on('error', reject);
        request.end(body);
      },
    );
  }
}
