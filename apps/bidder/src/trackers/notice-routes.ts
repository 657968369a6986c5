import { convertMicros } from '@rtb/rtb';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BidToken } from '../bid-token';
import { budgetNoteOf } from './budget-effects';
import { clearingMicrosOf, impressionCost } from './price';
import { refuse, sendGif } from './responses';
import { bidEvent, commit, isBotRequest, type Tracking, tokenOf } from './tracking';
import { ensureUserId } from './user-id';

/**
 * The clearing price of `?p=` (bid currency micro-units), or null after answering 400
 * `price_above_bid`: a price above our bid is forged. A missing or unsubstituted price is taken
 * as our bid (a first-price auction's clearing price): the most the exchange may charge.
 */
function clearingOf(token: BidToken, request: FastifyRequest, reply: FastifyReply): number | null {
  const price = clearingMicrosOf((request.query as Record<string, unknown>).p);
  if (price === null) return token.max;
  if (price > token.max) {
    refuse(reply, 'price_above_bid');
    return null;
  }
  return price;
}

/** `${AUCTION_LOSS}` as the exchange substituted it (an OpenRTB loss reason code), else null. */
function lossReasonOf(request: FastifyRequest): number | null {
  const reason = (request.query as Record<string, unknown>).r;
  return typeof reason === 'string' && /^\d{1,6}$/.test(reason) ? Number(reason) : null;
}

/** The most a loss notice's minimum bid to win may be, in bids: past it the exchange's figure is taken for noise. */
const MIN_TO_WIN_MOST_BIDS = 100;

/**
 * `${AUCTION_MIN_TO_WIN}` as the exchange substituted it (a CPM, like the price), in micro-units
 * per impression of the bid's currency; null when missing, not a plain decimal, zero, or over
 * `MIN_TO_WIN_MOST_BIDS` times our bid (it only teaches the win curves, which one figure must not
 * throw off).
 */
function minToWinOf(token: BidToken, request: FastifyRequest): number | null {
  const micros = clearingMicrosOf((request.query as Record<string, unknown>).m);
  return micros !== null && micros > 0 && micros <= token.max * MIN_TO_WIN_MOST_BIDS ? micros : null;
}

/**
 * Win (`nurl`), billing (`burl`) and loss (`lurl`) notices, which the exchange calls server to
 * server with its notice token, and the impression pixel of the ad markup, which the browser loads
 * with the browser token. Who sets what (docs/operations.md, 'Notices and prices'): the win notice
 * holds the bid's reservation at its clearing price; the billing notice bills the impression at
 * its price (with or without a win notice before it); a loss notice frees the reservation unless
 * the bid was won or billed (then it is recorded as `loss_after_win` and frees nothing); the
 * pixel records the render (who saw the ad, a bot or not) and never bills, prices or frees. Each
 * is answered once its event is in the durable log; what it does to the budget counters is done
 * when the log is folded (`applyFolded`).
 */
export function registerNoticeRoutes(app: FastifyInstance, tracking: Tracking) {
  const notice = { exposeHeadRoute: false, config: { access: 'public' } } as const;

  const win = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(tracking, request, reply, 'n');
    const clearing = token && clearingOf(token, request, reply);
    if (!token || clearing === null) return reply;
    const cost = impressionCost(token, clearing);
    const event = bidEvent(token, { kind: 'win', source: 'nurl', occurredAt: tracking.now() });
    const note = budgetNoteOf(token, cost.grossMicros);
    if (!(await commit(tracking, reply, { ...event, clearingMicros: cost.mediaMicros }, note))) return reply;
    return reply.header('cache-control', 'no-store').send();
  };

  /** The billed impression: its price is the billing notice's, never above the bid. */
  const bill = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(tracking, request, reply, 'n');
    const clearing = token && clearingOf(token, request, reply);
    if (!token || clearing === null) return reply;
    const cost = impressionCost(token, clearing);
    const event = bidEvent(token, { kind: 'impression', source: 'burl', occurredAt: tracking.now() });
    // A dynamic banner's impression showed the products its token names.
    if (token.prd) event.productKeys = token.prd;
    // A shaded bid's full price, as media in the advertiser's currency: the saving beside its cost.
    if (token.ctx?.ub != null) event.unshadedMicros = convertMicros(token.ctx.ub, BigInt(token.fx), 'up');
    const committed = await commit(
      tracking,
      reply,
      {
        ...event,
        clearingMicros: cost.mediaMicros,
        costMicros: cost.grossMicros,
        marginMicros: cost.marginMicros,
        commissionMicros: cost.commissionMicros,
      },
      budgetNoteOf(token, cost.grossMicros),
    );
    if (!committed) return reply;
    return reply.header('cache-control', 'no-store').send();
  };

  /** The pixel: the render in the visitor's browser, with our user id; any price it is sent is ignored. */
  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(tracking, request, reply, 'b');
    if (!token) return reply;
    const event = bidEvent(token, { kind: 'render', source: 'pixel', occurredAt: tracking.now() });
    if (token.prd) event.productKeys = token.prd;
    event.userId = ensureUserId(request, reply, tracking.context.config);
    if (!event.invalidReason && isBotRequest(request)) event.invalidReason = 'bot';
    if (!(await commit(tracking, reply, event))) return reply;
    return sendGif(reply);
  };

  const loss = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(tracking, request, reply, 'n');
    if (!token) return reply;
    const event = bidEvent(token, {
      kind: 'loss',
      source: 'lurl',
      occurredAt: tracking.now(),
      lossReason: lossReasonOf(request),
      minToWinMicros: minToWinOf(token, request),
    });
    if (!(await commit(tracking, reply, event))) return reply;
    return reply.header('cache-control', 'no-store').send();
  };

  // Exchanges call the notices with GET; some POST them (with the parameters in the URL).
  for (const method of ['GET', 'POST'] as const) {
    app.route({ method, url: '/rtb/win', ...notice, handler: win });
    app.route({ method, url: '/rtb/bill', ...notice, handler: bill });
    app.route({ method, url: '/rtb/loss', ...notice, handler: loss });
  }
  app.get('/rtb/imp', notice, render);
}
