import { type TagWireBatch, tagWireBatchSchema } from '@rtb/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refuse, sendGif, unavailable } from './responses';
import { isBotRequest, type Tracking } from './tracking';
import { ensureUserId } from './user-id';

/** A batch is at most 20 events; 16 kB holds them with room to spare. */
export const TAG_EVENTS_MAX_BYTES = 16 * 1024;
/** The image fallback's `d`: the batch as base64url (the script splits batches to stay far below). */
const IMAGE_DATA = /^[A-Za-z0-9_-]{1,21848}$/;

type Parsed = { ok: true; batch: TagWireBatch } | { ok: false; detail: string };

/** The batch from a JSON text, or why not (the first problem, for the shop's developer). */
function parseBatch(text: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, detail: 'not JSON' };
  }
  const parsed = tagWireBatchSchema.safeParse(json);
  if (parsed.success) return { ok: true, batch: parsed.data };
  const [issue] = parsed.error.issues;
  return { ok: false, detail: `${issue?.path.join('.') || 'batch'}: ${issue?.message ?? 'invalid'}` };
}

/**
 * The shop tag's events endpoint (`tag.js` sends to it): `POST /rtb/events` with the batch as a
 * JSON body of any content type (`sendBeacon` sends text/plain, which needs no CORS preflight),
 * answered 204; `GET /rtb/events?d=<base64url JSON>`, the image fallback, answered with the
 * pixel. Public and hostile: a batch that is not exactly the wire schema, or names an unknown
 * tag, is refused whole (400 with `x-rtb-reason`). Bots are recorded and flagged. The answer
 * gives the browser our user id (`rtb_uid`, the cookie the bidder and the cookie sync use), and
 * comes once every event is committed (group commits, each event once).
 */
export async function registerEventsRoute(app: FastifyInstance, tracking: Tracking) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: TAG_EVENTS_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.post('/rtb/events', { config: { access: 'public' } }, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const done = await receive(tracking, request, reply, parseBatch(body));
      return done ? reply.code(204).header('cache-control', 'no-store').send() : reply;
    });
  });

  app.get('/rtb/events', { exposeHeadRoute: false, config: { access: 'public' } }, async (request, reply) => {
    const { d } = request.query as Record<string, unknown>;
    const parsed: Parsed =
      typeof d === 'string' && IMAGE_DATA.test(d)
        ? parseBatch(Buffer.from(d, 'base64url').toString('utf8'))
        : { ok: false, detail: 'd: not a base64url batch' };
    return (await receive(tracking, request, reply, parsed)) ? sendGif(reply) : reply;
  });

  // Browsers send the beacon without asking; a page's own fetch may ask first.
  app.options('/rtb/events', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .code(204)
      .header('allow', 'GET, POST, OPTIONS')
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .send(),
  );
}

/** Records the batch's events; false after answering 400 or 503. */
async function receive(
  tracking: Tracking,
  request: FastifyRequest,
  reply: FastifyReply,
  parsed: Parsed,
): Promise<boolean> {
  if (!parsed.ok) {
    refuse(reply, 'bad_batch', parsed.detail);
    return false;
  }
  const { batch } = parsed;
  let tag: Awaited<ReturnType<Tracking['tagKeys']['find']>>;
  try {
    tag = await tracking.tagKeys.find(batch.tagKey);
  } catch (error) {
    tracking.context.log.error({ err: error }, 'tag key not read');
    unavailable(reply);
    return false;
  }
  if (!tag) {
    refuse(reply, 'unknown_tag');
    return false;
  }
  const userId = ensureUserId(request, reply, tracking.context.config);
  const receivedAt = tracking.now();
  const bot = isBotRequest(request);
  try {
    const recorded = await Promise.all(
      batch.events.map((event) =>
        tracking.tagQueue.record({ tag, event, visitorId: batch.visitorId, userId, receivedAt, bot }),
      ),
    );
    for (const event of recorded)
      tracking.context.metrics.tracked.inc({
        type: 'tag',
        result: event.recorded ? 'recorded' : 'duplicate',
      });
  } catch {
    unavailable(reply);
    return false;
  }
  reply.header('access-control-allow-origin', '*');
  return true;
}
