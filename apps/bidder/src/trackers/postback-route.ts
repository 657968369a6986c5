import { inTransaction } from '@rtb/db';
import {
  conversionAdvertiser,
  conversionValue,
  postbackSecretOf,
  recordPostback,
  visitorUserId,
} from '@rtb/delivery';
import {
  POSTBACK_MAX_BYTES,
  POSTBACK_PATH,
  POSTBACK_SIGNATURE_HEADER,
  POSTBACK_TIMESTAMP_HEADER,
  type PostbackBody,
  type PostbackResult,
  postbackBodySchema,
} from '@rtb/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkPostbackSignature } from './postback-signature';
import { refuse, unavailable } from './responses';
import type { Tracking } from './tracking';

type Parsed = { ok: true; body: PostbackBody } | { ok: false; detail: string };

/** The postback from its raw JSON, or why not (the first problem, naming the field). */
function parsePostback(raw: Buffer): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false, detail: 'The body is not JSON.' };
  }
  const parsed = postbackBodySchema.safeParse(json);
  if (parsed.success) return { ok: true, body: parsed.data };
  const [issue] = parsed.error.issues;
  return { ok: false, detail: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` };
}

/**
 * The conversion postback (`POST /rtb/postback`), the trusted path: the shop's own server sends
 * one order as JSON (`postbackBodySchema`), at most `POSTBACK_MAX_BYTES`, signed with the
 * advertiser's secret (`x-rtb-timestamp`, `x-rtb-signature`: `postback-signature.ts`). Its
 * conversion counts in full, attributed like the others; an order the browser sent first and that
 * was held is confirmed by it. Refusals say why in `x-rtb-reason` and a text body: 400
 * `bad_postback`, `unknown_advertiser`, `currency_mismatch`, `bad_value`; 401 `bad_signature`,
 * `stale_timestamp`; 409 `duplicate_order` (counted before: do not send it again); 413
 * `body_too_large`. Never a 5xx but 503 `unavailable` (the database; send it again). Answered
 * once committed, in a transaction of its own: the shop's server waits for it, and a postback is
 * one order, not a stream of notices.
 */
export async function registerPostbackRoute(app: FastifyInstance, tracking: Tracking) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: POSTBACK_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.setErrorHandler((error, request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status === 413)
        return refuse(reply, 'body_too_large', `A postback is at most ${POSTBACK_MAX_BYTES} bytes.`, 413);
      if (status >= 400 && status < 500)
        return refuse(reply, 'bad_postback', String((error as Error).message).slice(0, 200));
      request.log.error({ err: error }, 'postback failed');
      return unavailable(reply);
    });
    scope.post(POSTBACK_PATH, { config: { access: 'public' } }, (request, reply) =>
      receivePostback(tracking, request, reply),
    );
  });
}

async function receivePostback(tracking: Tracking, request: FastifyRequest, reply: FastifyReply) {
  const { deps } = tracking.context;
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const parsed = parsePostback(raw);
  if (!parsed.ok) return refuse(reply, 'bad_postback', parsed.detail);
  const { body } = parsed;
  let advertiser: Awaited<ReturnType<typeof conversionAdvertiser>>;
  let secret: string | null;
  try {
    advertiser = await conversionAdvertiser(deps, body.advertiserId);
    secret = advertiser && (await postbackSecretOf(deps, body.advertiserId));
  } catch (error) {
    tracking.context.log.error({ err: error }, 'postback advertiser not read');
    return unavailable(reply);
  }
  if (!advertiser)
    return refuse(reply, 'unknown_advertiser', 'advertiserId: no advertiser of ours has this id.');
  if (!secret)
    return refuse(
      reply,
      'bad_signature',
      'The advertiser has no postback secret yet: open the Tags tab of the integrations page to get one.',
      401,
    );
  const signed = checkPostbackSignature({
    secret,
    timestamp: request.headers[POSTBACK_TIMESTAMP_HEADER],
    signature: request.headers[POSTBACK_SIGNATURE_HEADER],
    body: raw,
    now: tracking.now(),
  });
  if (!signed.ok) return refuse(reply, signed.reason, signed.detail, 401);
  const counted = conversionValue(advertiser, body.value, body.currency);
  if ('refused' in counted)
    return refuse(
      reply,
      counted.refused,
      counted.refused === 'currency_mismatch'
        ? `currency: the advertiser's currency is ${advertiser.currency}.`
        : 'value: a decimal amount, like 199.99.',
    );
  try {
    const userId =
      body.userId ?? (body.visitorId ? await visitorUserId(deps, body.advertiserId, body.visitorId) : null);
    const outcome = await inTransaction(deps, (tx) =>
      recordPostback(tx, {
        advertiserId: body.advertiserId,
        orderId: body.orderId,
        valueMinor: counted.valueMinor,
        userId,
        occurredAt: tracking.now(),
      }),
    );
    if (outcome.status === 'duplicate')
      return refuse(
        reply,
        'duplicate_order',
        `orderId: this order was counted before${outcome.source ? ` (from the ${outcome.source})` : ''}; nothing changed.`,
        409,
      );
    const result: PostbackResult = { status: outcome.status, attributed: outcome.attributed };
    return reply.header('cache-control', 'no-store').send(result);
  } catch (error) {
    tracking.context.log.error({ err: error }, 'postback not recorded');
    return unavailable(reply);
  }
}
